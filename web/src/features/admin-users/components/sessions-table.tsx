import type { AdminUser, SessionRow } from '@portal/contract';
import { Button, Group } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { ListPager, PageRange } from '@/components/list-pager.tsx';
import { DeviceName } from '@/components/device-name.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { useUserSessions } from '../api/list-user-sessions.ts';
import { deviceColumns, Mono, orDash } from './detail-cells.tsx';
import { EndAllSessionsModal } from './end-all-sessions-modal.tsx';
import { EndSessionModal } from './end-session-modal.tsx';
import { pagesOf, useDetailPaging } from '@/lib/use-detail-paging.ts';

/** Compact in a table row, full width on a phone's card. */
function EndSessionButton({ card = false, onClick }: { card?: boolean; onClick: () => void }) {
  return (
    <Button
      fullWidth={card}
      size={card ? 'sm' : 'compact-xs'}
      variant="light"
      color="red"
      leftSection={<IconLogout size={card ? 16 : 12} aria-hidden />}
      onClick={onClick}
    >
      End session
    </Button>
  );
}

/** The user's live sessions, a page at a time, each with End session, and End all sessions for the lot; an h3 under the user's details, an h2 on the user's page. */
export function SessionsTable({ user, headingOrder = 3 }: { user: AdminUser; headingOrder?: 2 | 3 }) {
  const paging = useDetailPaging();
  const sessions = useUserSessions(user.id, paging.query);
  const [ending, setEnding] = useState<SessionRow | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const outcome = useFeedback();
  const total = sessions.data?.total ?? 0;
  const pages = pagesOf(total, paging.size);
  if (sessions.data && !sessions.isPlaceholderData && paging.page > pages) paging.setPage(pages);
  const userName = user.name ?? user.uid;

  const columns: Column<SessionRow>[] = [
    { label: 'App', nowrap: true, cell: (row) => <Mono>{orDash(row.app_key)}</Mono> },
    { label: 'SID', maw: 180, cell: (row) => <Mono title={row.sid}>{row.sid}</Mono> },
    // The device in words, as Your account shows it to the player; the raw user agent on hover.
    ...deviceColumns<SessionRow>((row) => <DeviceName name={row.device} kind={row.device_kind} userAgent={row.user_agent} size="xs" />),
    {
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      card: 'actions',
      cell: (row) => <EndSessionButton onClick={() => setEnding(row)} />,
      cardCell: (row) => <EndSessionButton card onClick={() => setEnding(row)} />,
    },
  ];
  return (
    <>
      <QueryList
        query={{ ...sessions, data: sessions.data?.rows }}
        columns={columns}
        rowKey={(row) => row.sid}
        label="Active Sessions"
        title
        headingOrder={headingOrder}
        description="Where the user is signed in right now, newest first."
        aside={
          sessions.data && (
            <Group gap="sm">
              <PageRange page={paging.page} size={paging.size} shown={sessions.data.rows.length} total={total} />
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconLogout size={14} aria-hidden />}
                disabled={total === 0}
                onClick={() => {
                  outcome.clear();
                  setEndingAll(true);
                }}
              >
                End all sessions
              </Button>
            </Group>
          )
        }
        toolbar={<ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />}
        footer={<ListPager page={paging.page} pages={pages} onChange={paging.setPage} label="Pages of sessions" />}
        errorTitle="Failed to load sessions."
        empty="No active sessions."
        cardLabel={(row) => `Session ${row.sid}`}
        minWidth={820}
      />
      <EndSessionModal
        userId={user.id}
        userName={userName}
        session={ending}
        onClose={() => setEnding(null)}
        onEnded={() => outcome.succeed('Session ended.')}
      />
      <EndAllSessionsModal
        opened={endingAll}
        userId={user.id}
        userName={userName}
        count={total}
        onClose={() => setEndingAll(false)}
        onEnded={(ended, appsDisconnected) => {
          paging.setPage(1);
          const sessions = ended === 1 ? '1 session ended' : `${ended} sessions ended`;
          const apps = appsDisconnected === 1 ? '1 app disconnected' : `${appsDisconnected} apps disconnected`;
          outcome.succeed(appsDisconnected > 0 ? `${sessions}, ${apps}.` : `${sessions}.`);
        }}
      />
    </>
  );
}
