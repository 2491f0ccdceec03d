import type { AdminUser, UserAccessRow } from '@portal/contract';
import { Button, Card, CloseButton, Group, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { userPagePath } from '@/lib/admin-pages.ts';
import { useUserAccess } from '../api/list-user-access.ts';
import { AccessStatusBadge } from './access-status-badge.tsx';
import { AuditTable } from './audit-table.tsx';
import { DecisionCell } from './decision-cell.tsx';
import { Mono } from './detail-cells.tsx';
import { SessionsTable } from './sessions-table.tsx';
import { UserGroups } from './user-groups.tsx';
import { UserSummary } from './user-summary.tsx';

const accessColumns: Column<UserAccessRow>[] = [
  { label: 'App name', cell: (row) => row.app_name },
  { label: 'App key', cell: (row) => <Mono>{row.app_key}</Mono> },
  { label: 'Status', nowrap: true, cell: (row) => <AccessStatusBadge status={row.status} /> },
  // The status is what an admin recorded; the decision says whether the player may open the app, and why.
  { label: 'Decision', maw: 320, cell: (row) => <DecisionCell decision={row.decision} /> },
];

function AccessTable({ userId }: { userId: string }) {
  return (
    <QueryList
      query={useUserAccess(userId)}
      columns={accessColumns}
      rowKey={(row) => row.app_key}
      label="Apps"
      title
      headingOrder={3}
      description="The user's access to each app."
      errorTitle="Failed to load apps/users."
      empty="No apps in the catalog."
      cardLabel={(row) => row.app_name}
      minWidth={560}
    />
  );
}

interface UserDetailsProps {
  user: AdminUser;
  onClose: () => void;
}

/** The picked user's apps with their status, active sessions and audit log, and the way to the user's own page. */
export function UserDetails({ user, onClose }: UserDetailsProps) {
  return (
    <Stack gap="md" component="section" aria-label={`Details of ${user.name ?? user.uid}`}>
      <Card>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <UserSummary user={user} />
            <CloseButton aria-label="Close user details" onClick={onClose} />
          </Group>
          <Group>
            <Button component={Link} to={userPagePath(user.id)} variant="light" rightSection={<IconArrowRight size={16} aria-hidden />}>
              Open user page
            </Button>
          </Group>
        </Stack>
      </Card>
      <AccessTable userId={user.id} />
      <UserGroups userId={user.id} />
      <SessionsTable user={user} />
      <AuditTable userId={user.id} />
    </Stack>
  );
}
