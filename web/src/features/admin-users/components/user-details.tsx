import type { AdminUser, UserAccessRow } from '@portal/contract';
import { Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { NOT_SIGNED_IN } from '@/components/user-select.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useUserAccess } from '../api/list-user-access.ts';
import { AccessStatusBadge } from './access-status-badge.tsx';
import { AuditTable } from './audit-table.tsx';
import { Mono } from './detail-cells.tsx';
import { SessionsTable } from './sessions-table.tsx';

const accessColumns: Column<UserAccessRow>[] = [
  { label: 'App name', cell: (row) => row.app_name },
  { label: 'App key', cell: (row) => <Mono>{row.app_key}</Mono> },
  { label: 'Status', nowrap: true, cell: (row) => <AccessStatusBadge status={row.status} /> },
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
      minWidth={340}
    />
  );
}

interface UserDetailsProps {
  user: AdminUser;
  onClose: () => void;
}

/** The picked user's apps with their status, active sessions and audit log. */
export function UserDetails({ user, onClose }: UserDetailsProps) {
  const name = user.name ?? NOT_SIGNED_IN;
  return (
    <Stack gap="md" component="section" aria-label={`Details of ${user.name ?? user.uid}`}>
      <Card>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="md" wrap="nowrap" miw={0}>
            <UserAvatar user={user} size={48} />
            <Stack gap={2} miw={0}>
              <Title order={2} fz="lg" c={user.name ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <Text size="sm" c="dimmed">
                {[user.uid, user.faction, user.race].filter(Boolean).join(' · ')}
              </Text>
              <Text size="xs" c="dimmed">
                Added {formatDateTime(user.created_at)} · Last sign-in {formatDateTime(user.last_login_at, 'never')}
              </Text>
            </Stack>
          </Group>
          <CloseButton aria-label="Close user details" onClick={onClose} />
        </Group>
      </Card>
      <AccessTable userId={user.id} />
      <SessionsTable user={user} />
      <AuditTable userId={user.id} />
    </Stack>
  );
}
