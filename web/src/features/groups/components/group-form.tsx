import { GroupInput } from '@portal/contract';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { contractValidator } from '@/lib/form-validation.ts';

interface GroupValues {
  name: string;
  description: string;
}

const validate = contractValidator<GroupValues>(GroupInput, (values) => values);
const LABELS = { name: 'Name', description: 'Description' } as const;

interface GroupFormProps {
  initial: GroupValues;
  submitLabel: string;
  submitIcon: ReactNode;
  busy: boolean;
  /**
   * A submit the checks passed, with the body to send. `refuse` puts the server's refusal at the name
   * field (a name another group has); `done` empties the form after a create.
   */
  onSubmit: (input: GroupInput, answer: { refuse: (message: string) => void; reset: () => void }) => void;
  /** The outcome of the last submit, under the button. */
  feedback?: ReactNode;
}

/** A group's name and description, checked here as the server checks them; a refusal sits at its field and beside the button. */
export function GroupForm({ initial, submitLabel, submitIcon, busy, onSubmit, feedback }: GroupFormProps) {
  const form = useForm<GroupValues>({ initialValues: initial, validate });
  const refusal = useErrorSummary(LABELS);

  const submit = form.onSubmit(
    (values) => {
      refusal.passed();
      if (busy) return;
      onSubmit(GroupInput.parse(values), {
        refuse: (message) => form.setFieldError('name', message),
        reset: () => form.reset(),
      });
    },
    (errors, values, event) => refusal.refused(errors, values, event),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={LABELS.name}
          description="What admins pick when they write an app's access rules, and what apps receive in the groups claim."
          placeholder="Fleet Ops"
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={LABELS.description}
          description="Who belongs in it and why, for the next admin."
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <Group>
          <Button type="submit" loading={busy} leftSection={submitIcon}>
            {submitLabel}
          </Button>
        </Group>
        <FormErrorSummary {...refusal.summary(form.errors)} />
        {feedback}
      </Stack>
    </form>
  );
}
