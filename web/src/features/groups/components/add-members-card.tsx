import { parseUidList } from '@portal/contract';
import { Button, Card, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { FormErrorSummary, useErrorSummary } from '@/components/form-error-summary.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';
import { UidEntry, UnknownUidsNotice } from '@/components/uid-entry.tsx';
import { UntilField, untilInstant, untilProblem } from '@/components/until-field.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useState } from 'react';
import { useAddMembers } from '../api/add-members.ts';
import type { GroupScope } from '../api/group-scope.ts';
import { addedSentence } from './group-words.ts';
import { uidListProblem } from './uid-list-check.ts';

const LABELS = { uids: 'UIDs', until: 'End date' } as const;

/** Adds players to a group by pasting their UIDs; pieces that are not UIDs are named at the field before anything is sent. */
export function AddMembersCard({ group, scope }: { group: { id: string; name: string }; scope: GroupScope }) {
  const form = useForm({ initialValues: { uids: '', until: '' }, validate: { uids: uidListProblem, until: (v) => untilProblem(v) } });
  const add = useAddMembers();
  const outcome = useFeedback();
  const refusal = useErrorSummary(LABELS);
  const [unknown, setUnknown] = useState<string[]>([]);

  const submit = form.onSubmit(
    ({ uids, until }) => {
      refusal.passed();
      if (add.isPending) return;
      outcome.clear();
      setUnknown([]);
      add.mutate(
        { scope, groupId: group.id, uids: parseUidList(uids).uids, until: untilInstant(until) },
        {
          onSuccess: (answer) => {
            form.reset();
            outcome.succeed(addedSentence(answer, group.name));
            setUnknown(answer.unknown_to_game);
          },
          onError: (failure) => form.setFieldError('uids', serverMessage(failure, 'The players could not be added.')),
        },
      );
    },
    (errors, values, event) => {
      outcome.clear();
      setUnknown([]);
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
          <UidEntry multiple field={form.getInputProps('uids')} />
          <UntilField
            value={form.values.until}
            onChange={(value) => form.setFieldValue('until', value)}
            error={form.errors.until}
            data-path="until"
            description="The memberships this gives end then, by themselves. Leave empty to keep them."
          />
          <Group gap="sm" align="center">
            <Button type="submit" loading={add.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
              Add players
            </Button>
          </Group>
          <FormErrorSummary {...refusal.summary(form.errors)} />
          <ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />
          <UnknownUidsNotice uids={unknown} />
        </Stack>
      </form>
    </Card>
  );
}
