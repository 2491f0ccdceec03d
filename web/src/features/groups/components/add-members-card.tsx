import { parseUidList } from '@portal/contract';
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';
import { UntilField, untilInstant, untilProblem } from '@/components/until-field.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useAddMembers } from '../api/add-members.ts';
import type { GroupScope } from '../api/group-scope.ts';
import { addedSentence } from './group-words.ts';
import { uidListProblem } from './uid-list-check.ts';

const LABELS = { uids: 'UIDs', until: 'End date' } as const;

function found(text: string): string {
  const { uids } = parseUidList(text);
  return uids.length === 0 ? '' : uids.length === 1 ? '1 UID found.' : `${uids.length} UIDs found.`;
}

/** Adds players to a group by pasting their UIDs; pieces that are not UIDs are named at the field before anything is sent. */
export function AddMembersCard({ group, scope }: { group: { id: string; name: string }; scope: GroupScope }) {
  const form = useForm({ initialValues: { uids: '', until: '' }, validate: { uids: uidListProblem, until: (v) => untilProblem(v) } });
  const add = useAddMembers();
  const outcome = useFeedback();
  const refusal = useErrorSummary(LABELS);

  const submit = form.onSubmit(
    ({ uids, until }) => {
      refusal.passed();
      if (add.isPending) return;
      outcome.clear();
      add.mutate(
        { scope, groupId: group.id, uids: parseUidList(uids).uids, until: untilInstant(until) },
        {
          onSuccess: (answer) => {
            form.reset();
            outcome.succeed(addedSentence(answer, group.name));
          },
          onError: (failure) => form.setFieldError('uids', serverMessage(failure, 'The players could not be added.')),
        },
      );
    },
    (errors, values, event) => {
      outcome.clear();
      refusal.refused(errors, values, event);
    },
  );

  return (
    <Card component="section" aria-labelledby="add-members-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SectionHeading
            id="add-members-title"
            title="Add players"
            description="Paste SWCombine character UIDs, one per line or separated by spaces or commas. A UID the portal has not seen yet becomes a user."
          />
          <Textarea
            label={LABELS.uids}
            placeholder={'1:100002\n1:100003, 1:100004'}
            withAsterisk
            autosize
            minRows={3}
            maxRows={10}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('uids')}
          />
          <UntilField
            value={form.values.until}
            onChange={(value) => form.setFieldValue('until', value)}
            error={form.errors.until}
            description="The memberships this gives end then, by themselves. Leave empty to keep them."
          />
          <Group gap="sm" align="center">
            <Button type="submit" loading={add.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
              Add players
            </Button>
            <Text size="sm" c="dimmed" aria-live="polite">
              {found(form.values.uids)}
            </Text>
          </Group>
          <FormErrorSummary {...refusal.summary(form.errors)} />
          <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
        </Stack>
      </form>
    </Card>
  );
}
