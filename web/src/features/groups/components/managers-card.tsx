import { parseUidList, type Group } from '@portal/contract';
import { Button, Card, Group as Row, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionHeading } from '@/components/section-heading.tsx';
import { SuccessNotice } from '@/components/success-notice.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useManagers, useSetManagers } from '../api/managers.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { JOINING_LABEL } from './group-words.ts';
import { uidListProblem } from './uid-list-check.ts';

const JOINING = (['closed', 'request', 'open'] as const).map((value) => ({ value, label: JOINING_LABEL[value] }));

const JOINING_WORDS: Record<Group['joining'], string> = {
  closed: 'Only its managers and the admins add members. Closing it refuses the requests still waiting.',
  request: 'Players ask on Your account; a manager or an admin approves or denies.',
  open: 'Players join at once on Your account.',
};

/** Who manages the group (players who are not admins, by UID) and how players join it. */
export function ManagersCard({ group }: { group: Group }) {
  const managers = useManagers(group.id);
  const save = useSetManagers();
  const update = useUpdateGroup();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // The field shows the managers as last read (after a save too), until the admin edits it.
  const loaded = managers.data?.map((m) => m.uid).join('\n');
  const [shown, setShown] = useState<string | undefined>(undefined);
  if (loaded !== undefined && loaded !== shown) {
    setShown(loaded);
    setText(loaded);
  }

  const submit = () => {
    setSaved(null);
    const invalid = text.trim() ? uidListProblem(text) : null;
    setProblem(invalid);
    if (invalid || save.isPending) return;
    save.mutate(
      { groupId: group.id, uids: parseUidList(text).uids },
      {
        onSuccess: (answer) => setSaved(answer.length === 0 ? 'Nobody but the admins manages the group now.' : 'Managers saved.'),
        onError: (failure) => setProblem(serverMessage(failure, 'The managers could not be saved.')),
      },
    );
  };

  return (
    <Card component="section" aria-labelledby="managers-title">
      <Stack gap="md">
        <SectionHeading
          id="managers-title"
          title="Managers and joining"
          description="Managers are players, not admins: on Manage they add and remove this group’s members and answer its requests, and reach no other group."
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="joining-label">
            How players join
          </Text>
          <SegmentedControl
            aria-labelledby="joining-label"
            data={[...JOINING]}
            value={group.joining}
            disabled={update.isPending}
            onChange={(value) => {
              setSaved(null);
              update.mutate(
                { id: group.id, input: { name: group.name, description: group.description, joining: value as Group['joining'] } },
                { onSuccess: () => setSaved('Joining saved.') },
              );
            }}
            maw={420}
          />
          <Text size="sm" c="dimmed">
            {JOINING_WORDS[group.joining]}
          </Text>
          {update.error && <ErrorAlert title="Joining could not be saved." error={update.error} />}
        </Stack>
        {managers.isError ? (
          <ErrorAlert title="Failed to load the managers." error={managers.error} onRetry={() => void managers.refetch()} />
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              <Textarea
                label="Managers’ UIDs"
                description={
                  managers.data && managers.data.length > 0
                    ? `Now: ${managers.data.map((m) => m.name ?? m.uid).join(', ')}. One UID per line; empty: nobody but the admins.`
                    : 'One UID per line; empty: nobody but the admins. A UID the portal has not seen yet becomes a user.'
                }
                placeholder="1:100004"
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                error={problem}
                autosize
                minRows={2}
                maxRows={8}
                disabled={managers.isPending}
                spellCheck={false}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <Row gap="sm">
                <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
                  Save managers
                </Button>
              </Row>
            </Stack>
          </form>
        )}
        {saved && <SuccessNotice onClose={() => setSaved(null)}>{saved}</SuccessNotice>}
      </Stack>
    </Card>
  );
}
