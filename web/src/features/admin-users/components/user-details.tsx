import type { AdminUser, SessionRow } from '@portal/contract';
import { Avatar, Button, Card, CloseButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useUserAccess } from '../api/list-user-access.ts';
import { useUserAudit } from '../api/list-user-audit.ts';
import { useUserSessions } from '../api/list-user-sessions.ts';
import { AccessStatusBadge } from './access-status-badge.tsx';
import { DataTable } from './data-table.tsx';
import { EndSessionModal } from './end-session-modal.tsx';
import { formatDateTime, orDash } from './format.ts';

function DateCell({ iso }: { iso: string | null }) {
  return <Table.Td style={{ whiteSpace: 'nowrap' }}>{iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : '-'}</Table.Td>;
}

function Mono({ children, title }: { children: string; title?: string }) {
  return (
    <Text ff="monospace" size="xs" title={title}>
      {children}
    </Text>
  );
}

function UserAgentCell({ value }: { value: string | null }) {
  return (
    <Table.Td maw={280}>
      <Text size="xs" c="dimmed" lineClamp={2} title={value ?? undefined}>
        {orDash(value)}
      </Text>
    </Table.Td>
  );
}

function AccessTable({ userId }: { userId: string }) {
  const access = useUserAccess(userId);
  const rows = access.data ?? [];
  return (
    <DataTable
      title="Apps"
      description="The user's access to each app."
      columns={['App name', 'App key', 'Status']}
      minWidth={340}
      loading={access.isPending}
      error={access.isError ? 'Failed to load apps/users.' : null}
      onRetry={() => void access.refetch()}
      empty="No apps in the catalog."
      count={rows.length}
    >
      {rows.map((row) => (
        <Table.Tr key={row.app_key}>
          <Table.Td>{row.app_name}</Table.Td>
          <Table.Td>
            <Mono>{row.app_key}</Mono>
          </Table.Td>
          <Table.Td>
            <AccessStatusBadge status={row.status} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function SessionsTable({ user }: { user: AdminUser }) {
  const sessions = useUserSessions(user.id);
  const [ending, setEnding] = useState<SessionRow | null>(null);
  const rows = sessions.data ?? [];
  return (
    <>
      <DataTable
        title="Active Sessions"
        description="Where the user is signed in right now."
        columns={['App', 'SID', 'IP', 'User agent', 'Expires']}
        actionsColumn="Actions"
        minWidth={820}
        loading={sessions.isPending}
        error={sessions.isError ? 'Failed to load sessions.' : null}
        onRetry={() => void sessions.refetch()}
        empty="No active sessions."
        count={rows.length}
      >
        {rows.map((row) => (
          <Table.Tr key={row.sid}>
            <Table.Td>
              <Mono>{orDash(row.app_key)}</Mono>
            </Table.Td>
            <Table.Td maw={180}>
              <Text ff="monospace" size="xs" truncate="end" title={row.sid}>
                {row.sid}
              </Text>
            </Table.Td>
            <Table.Td>
              <Mono>{orDash(row.ip)}</Mono>
            </Table.Td>
            <UserAgentCell value={row.user_agent} />
            <DateCell iso={row.expires_at} />
            <Table.Td ta="right">
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                leftSection={<IconLogout size={12} aria-hidden />}
                onClick={() => setEnding(row)}
              >
                End session
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <EndSessionModal userId={user.id} userName={user.name || user.uid} session={ending} onClose={() => setEnding(null)} />
    </>
  );
}

function AuditTable({ userId }: { userId: string }) {
  const audit = useUserAudit(userId);
  const rows = audit.data ?? [];
  return (
    <DataTable
      title="Audit Log"
      description="Sign-ins, sign-outs and changes, newest first."
      columns={['Time', 'Event', 'App', 'IP', 'User agent', 'Expires']}
      minWidth={860}
      loading={audit.isPending}
      error={audit.isError ? 'Failed to load the audit log.' : null}
      onRetry={() => void audit.refetch()}
      empty="No audit events yet."
      count={rows.length}
    >
      {rows.map((row, i) => (
        <Table.Tr key={`${row.created_at}-${i}`}>
          <DateCell iso={row.created_at} />
          <Table.Td>
            <Mono>{row.event}</Mono>
          </Table.Td>
          <Table.Td>
            <Mono>{orDash(row.app_key)}</Mono>
          </Table.Td>
          <Table.Td>
            <Mono>{orDash(row.ip)}</Mono>
          </Table.Td>
          <UserAgentCell value={row.user_agent} />
          <DateCell iso={row.expires_at} />
        </Table.Tr>
      ))}
    </DataTable>
  );
}

interface UserDetailsProps {
  user: AdminUser;
  onClose: () => void;
}

/** SPEC.md §2 /admin/users: the picked user's apps with status, active sessions and audit log. */
export function UserDetails({ user, onClose }: UserDetailsProps) {
  return (
    <Stack gap="md" component="section" aria-label={`Details of ${user.name || user.uid}`}>
      <Card>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Avatar aria-hidden src={user.image} alt="" radius="xl" size={48} name={user.name || user.uid} color="initials" />
            <Stack gap={2} miw={0}>
              <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {user.name || user.uid}
              </Title>
              <Text size="sm" c="dimmed">
                {[user.uid, user.faction, user.race].filter(Boolean).join(' · ')}
              </Text>
              <Text size="xs" c="dimmed">
                Added {formatDateTime(user.created_at)} · Last sign-in {user.last_login_at ? formatDateTime(user.last_login_at) : 'never'}
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
