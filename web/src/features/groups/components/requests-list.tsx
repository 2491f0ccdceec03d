import type { PendingRequest } from '@portal/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { PlayerName } from '@/components/player-name.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import type { GroupScope } from '../api/group-scope.ts';
import { useRequests } from '../api/requests.ts';
import { AnswerRequestDialog, type Answering } from './answer-request-dialogs.tsx';

interface RequestsListProps {
  scope: GroupScope;
  /** An admin reads one group's requests; a manager those of every group they manage. */
  groupId: string | null;
}

/** The requests waiting: who asked (name, faction), their note, when; Approve (with an end date) and Deny (with a reason). */
export function RequestsList({ scope, groupId }: RequestsListProps) {
  const requests = useRequests(scope, groupId);
  const [answering, setAnswering] = useState<Answering | null>(null);
  const outcome = useFeedback();
  const ask = (request: PendingRequest, answer: Answering['answer']) => {
    outcome.clear();
    setAnswering({ request, answer });
  };
  const who = (request: PendingRequest) => request.name ?? request.uid;
  const actions = (request: PendingRequest, full: boolean) => (
    <Group gap="xs" justify={full ? 'stretch' : 'flex-end'} wrap="nowrap" grow={full}>
      <Button
        size={full ? 'sm' : 'compact-sm'}
        leftSection={<IconCheck size={14} aria-hidden />}
        aria-label={`Approve ${who(request)} for ${request.group_name}`}
        onClick={() => ask(request, 'approve')}
      >
        Approve
      </Button>
      <Button
        size={full ? 'sm' : 'compact-sm'}
        variant="light"
        color="red"
        leftSection={<IconX size={14} aria-hidden />}
        aria-label={`Deny ${who(request)} for ${request.group_name}`}
        onClick={() => ask(request, 'deny')}
      >
        Deny
      </Button>
    </Group>
  );
  const columns: Column<PendingRequest>[] = [
    { label: 'Player', card: 'title', cell: (request) => <PlayerName player={request} linked={scope === 'admin'} /> },
    { label: 'Faction', cell: (request) => request.faction ?? 'No faction' },
    ...(scope === 'manage' ? [{ label: 'Group', cell: (request: PendingRequest) => request.group_name }] : []),
    {
      label: 'Note',
      maw: 320,
      cell: (request) =>
        request.note ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {request.note}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No note
          </Text>
        ),
    },
    {
      label: 'Asked',
      nowrap: true,
      cell: (request) => (
        <Stack gap={0}>
          <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
          <Text size="xs" c="dimmed">
            Expires <time dateTime={request.expires_at}>{formatDateTime(request.expires_at)}</time>
          </Text>
        </Stack>
      ),
    },
    {
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      card: 'actions',
      cell: (request) => actions(request, false),
      cardCell: (request) => actions(request, true),
    },
  ];
  return (
    <>
      <QueryList
        query={requests}
        columns={columns}
        rowKey={(request) => request.id}
        label="Requests waiting"
        title
        description="Players who asked to join. Approve lets them in at once, with an end date if you give one; Deny tells them, with your reason."
        toolbar={<ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />}
        errorTitle="Failed to load the requests."
        loadingLabel="Loading requests..."
        empty="No requests waiting."
        cardLabel={(request) => `${who(request)} asks to join ${request.group_name}`}
        minWidth={640}
      />
      <AnswerRequestDialog scope={scope} answering={answering} onClose={() => setAnswering(null)} onAnswered={outcome.succeed} />
    </>
  );
}
