import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Column } from '@/components/query-list.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';

export const orDash = (value: string | null) => value || '-';

export function DateTime({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <>-</>;
}

export function Mono({ children, title }: { children: string; title?: string }) {
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

type DeviceFacts = { ip: string | null; user_agent: string | null; expires_at: string | null };

/**
 * Where a session was opened and until when it lasts: the sessions and the audit log both end with these. The
 * device is the user agent as given unless the list has it in words (`agent`); the raw one is on hover.
 */
export function deviceColumns<T extends DeviceFacts>(
  agent: (row: T) => ReactNode = (row) => <UserAgent value={row.user_agent} />,
): Column<T>[] {
  return [
    { label: 'IP', nowrap: true, cell: (row) => <Mono>{orDash(row.ip)}</Mono> },
    { label: 'User agent', maw: 280, cell: agent },
    { label: 'Expires', nowrap: true, cell: (row) => <DateTime iso={row.expires_at} /> },
  ];
}
