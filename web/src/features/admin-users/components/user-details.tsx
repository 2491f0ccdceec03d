import type { AdminUser, AuditRow, SessionRow, UserAccessRow } from '@portal/contract';
import { Button, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { NOT_SIGNED_IN } from '@/components/user-select.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useUserAccess } from '../api/list-user-access.ts';
import { useUserAudit } from '../api/list-user-audit.ts';
import { useUserSessions } from '../api/list-user-sessions.ts';
import { AccessStatusBadge } from './access-status-badge.tsx';
import { auditSentence } from './audit-sentence.ts';
import { EndSessionModal } from './end-session-modal.tsx';

const orDash = (value: string | null) => value || '-';

function DateTime({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <>-</>;
}

function Mono({ children, title }: { children: string; title?: string }) {
  return (
    <Text ff="monospace" size="xs" title={title} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

function UserAgent({ value }: { value: string | null }) {
  return (
    <Text size="xs" c="dimmed" lineClamp={2} title={value ?? undefined}>
      {orDash(value)}
    </Text>
  );
}

/** Where a session was opened and until when it lasts: the sessions and the audit log both end with these. */
function deviceColumns<T extends { ip: string | null; user_agent: string | null; expires_at: string | null }>(): Column<T>[] {
  return [
    { label: 'IP', nowrap: true, cell: (row) => <Mono>{orDash(row.ip)}</Mono> },
    { label: 'User agent', maw: 280, cell: (row) => <UserAgent value={row.user_agent} /> },
    { label: 'Expires', nowrap: true, cell: (row) => <DateTime iso={row.expires_at} /> },
  ];
}

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

function SessionsTable({ user }: { user: AdminUser }) {
  const sessions = useUserSessions(user.id);
  const [ending, setEnding] = useState<SessionRow | null>(null);
  const columns: Column<SessionRow>[] = [
    { label: 'App', nowrap: true, cell: (row) => <Mono>{orDash(row.app_key)}</Mono> },
    { label: 'SID', maw: 180, cell: (row) => <Mono title={row.sid}>{row.sid}</Mono> },
    ...deviceColumns<SessionRow>(),
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
        query={sessions}
        columns={columns}
        rowKey={(row) => row.sid}
        label="Active Sessions"
        title
        headingOrder={3}
        description="Where the user is signed in right now."
        errorTitle="Failed to load sessions."
        empty="No active sessions."
        cardLabel={(row) => `Session ${row.sid}`}
        minWidth={820}
      />
      <EndSessionModal userId={user.id} userName={user.name ?? user.uid} session={ending} onClose={() => setEnding(null)} />
    </>
  );
}

const auditColumns: Column<AuditRow>[] = [
  { label: 'Time', nowrap: true, card: 'title', cell: (row) => <DateTime iso={row.created_at} /> },
  { label: 'Event', cell: (row) => <Text size="sm">{auditSentence(row)}</Text> },
  ...deviceColumns<AuditRow>(),
];

function AuditTable({ userId }: { userId: string }) {
  return (
    <QueryList
      query={useUserAudit(userId)}
      columns={auditColumns}
      rowKey={(row, index) => `${row.created_at}-${index}`}
      label="Audit Log"
      title
      headingOrder={3}
      description="Sign-ins, sign-outs and changes, newest first."
      errorTitle="Failed to load the audit log."
      empty="No audit events yet."
      cardLabel={(row) => `${formatDateTime(row.created_at)}: ${auditSentence(row)}`}
      minWidth={860}
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
