import type { AppAccessRow } from '@portal/contract';
import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { ListPager, PageRange } from '@/components/list-pager.tsx';
import { PlayerName } from '@/components/player-name.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { userLabel } from '@/components/user-select.tsx';
import { APP_PLAYERS_PAGE_SIZE, useAppAccess } from '../api/list-app-access.ts';
import { AccessStatusBadge } from './access-status-badge.tsx';
import { DateTime } from './detail-cells.tsx';
import { GrantPlayerForm } from './grant-player-form.tsx';
import { useAccessRows } from './use-access-rows.tsx';
import { pagesOf } from '@/lib/use-detail-paging.ts';

interface AppPlayersProps {
  app: { id: string; key: string; name: string };
}

function Player({ row }: { row: AppAccessRow }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar user={row} size={28} />
      <PlayerName player={row} />
    </Group>
  );
}

/**
 * The app page's players: everyone with a grant, suspension or revocation of their own on the app, with
 * Grant, Suspend and Revoke in the row, and a form that gives one more player access.
 */
export function AppPlayers({ app }: AppPlayersProps) {
  const [page, setPage] = useState(1);
  const query = { limit: APP_PLAYERS_PAGE_SIZE, offset: (page - 1) * APP_PLAYERS_PAGE_SIZE };
  const players = useAppAccess(app, query);
  const total = players.data?.total ?? 0;
  const pages = pagesOf(total, APP_PLAYERS_PAGE_SIZE);
  if (players.data && !players.isPlaceholderData && page > pages) setPage(pages);

  const rows = useAccessRows((row: AppAccessRow) => ({
    userId: row.user_id,
    appKey: app.key,
    userName: row.name ?? row.uid,
    appName: app.name,
  }));
  const columns: Column<AppAccessRow>[] = [
    { label: 'Player', card: 'title', cell: (row) => <Player row={row} /> },
    { label: 'Status', nowrap: true, card: 'badge', cell: (row) => <AccessStatusBadge status={row.status} /> },
    { label: 'Since', nowrap: true, cell: (row) => <DateTime iso={row.updated_at} /> },
    rows.column,
  ];

  return (
    <>
      <QueryList
        query={{ ...players, data: players.data?.rows }}
        columns={columns}
        rowKey={(row) => row.user_id}
        label="Players"
        title
        description="Players with a grant, suspension or revocation of their own on this app. A suspension or revocation outweighs everything else."
        aside={players.data && <PageRange page={page} size={APP_PLAYERS_PAGE_SIZE} shown={players.data.rows.length} total={total} />}
        toolbar={
          <Stack gap="sm">
            <GrantPlayerForm app={app} onGranted={(text) => rows.outcome.succeed(text)} />
            {rows.notice}
          </Stack>
        }
        footer={<ListPager page={page} pages={pages} onChange={setPage} label="Pages of players" />}
        errorTitle="Failed to load the players."
        empty="No player has a grant, suspension or revocation of their own here yet."
        cardLabel={(row) => userLabel(row)}
        minWidth={640}
      />
      {rows.question}
    </>
  );
}
