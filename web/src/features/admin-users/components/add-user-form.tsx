import { AddUserInput } from '@portal/contract';
import { Button, Box, Card, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';
import { UidEntry, UnknownUidsNotice } from '@/components/uid-entry.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { contractValidator } from '@/lib/form-validation.ts';
import { useState } from 'react';
import { useAddUser } from '../api/add-user.ts';

interface AddUserValues {
  uid: string;
}

const validate = contractValidator<AddUserValues>(AddUserInput, (values) => values);
const LABELS = { uid: 'UID' } as const;

/**
 * Adding a user takes a SWCombine character UID; its form is checked here as the server checks it, uniqueness
 * there. One message at a time: the success under the field, or the refusal at the field.
 */
export function AddUserForm() {
  const form = useForm<AddUserValues>({ initialValues: { uid: '' }, validate });
  const add = useAddUser();
  const added = useFeedback();
  const refusal = useErrorSummary(LABELS);
  const [unknown, setUnknown] = useState<string[]>([]);

  const submit = form.onSubmit(
    (values) => {
      refusal.passed();
      if (add.isPending) return;
      added.clear();
      setUnknown([]);
      add.mutate(AddUserInput.parse(values), {
        onSuccess: (user) => {
          form.reset();
          added.succeed(user.name ? `User ${user.name} (${user.uid}) added.` : `User ${user.uid} added.`);
          if (!user.name) setUnknown([user.uid]);
        },
        onError: (failure) => form.setFieldError('uid', serverMessage(failure, 'The user could not be added.')),
      });
    },
    (errors, values, event) => {
      added.clear();
      setUnknown([]);
      refusal.refused(errors, values, event);
    },
  );

  return (
    <Card component="section" aria-labelledby="add-user-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SectionHeading
            id="add-user-title"
            title="Add user"
            description="Register a SWCombine character before their first sign-in, so access can be granted ahead of time."
          />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Box style={{ flex: '1 1 140px' }}>
              <UidEntry multiple={false} field={form.getInputProps('uid')} />
            </Box>
            <Button type="submit" loading={add.isPending} leftSection={<IconUserPlus size={16} aria-hidden />} mt={25}>
              Add user
            </Button>
          </Group>
          <FormErrorSummary {...refusal.summary(form.errors)} />
          <ActionFeedback feedback={added.feedback} onClose={added.clear} />
          <UnknownUidsNotice uids={unknown} />
        </Stack>
      </form>
    </Card>
  );
}
