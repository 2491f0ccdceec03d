import type { AdminUser, UserAccessRow } from '@portal/contract';
import { Text } from '@mantine/core';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { useUserAccess } from '../api/list-user-access.ts';
import { AccessStatusBadge } from './access-status-badge.tsx';
import { DecisionCell } from './decision-cell.tsx';
import { Mono } from './detail-cells.tsx';
import { useAccessRows } from './use-access-rows.tsx';

/** The user page's Apps & access tab: every app but the portal, the user's status on it, and Grant, Suspend and Revoke in the row. */
export function UserAppsAccess({ user }: { user: AdminUser }) {
  const access = useUserAccess(user.id);
  const userName = user.name ?? user.uid;

  const rows = useAccessRows((row: UserAccessRow) => ({ userId: user.id, appKey: row.app_key, userName, appName: row.app_name }));
  const columns: Column<UserAccessRow>[] = [
    {
      label: 'App',
      card: 'title',
      cell: (row) => (
        <Text size="sm" fw={600}>
          {row.app_name}
        </Text>
      ),
    },
    { label: 'Key', cell: (row) => <Mono>{row.app_key}</Mono> },
    { label: 'Status', nowrap: true, card: 'badge', cell: (row) => <AccessStatusBadge status={row.status} /> },
    { label: 'Decision', maw: 300, cell: (row) => <DecisionCell decision={row.decision} /> },
    rows.column,
  ];

  return (
    <>
      <QueryList
        query={access}
        columns={columns}
        rowKey={(row) => row.app_key}
        label="Apps & access"
        title
        description="Status is what an admin recorded for the user ('none': nothing). Decision is whether they may open the app and what decided it: a grant, a group's or faction's rule, the bypass, or being a global admin. A suspension or revocation outweighs everything."
        toolbar={rows.notice}
        errorTitle="Failed to load apps/users."
        empty="No apps in the catalog."
        cardLabel={(row) => row.app_name}
        minWidth={860}
      />
      {rows.question}
    </>
  );
}
