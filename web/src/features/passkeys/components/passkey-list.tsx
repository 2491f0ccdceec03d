import type { Passkey } from '@portal/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryList, type Column, type ListQuery } from '@/components/query-list.tsx';
import { PasskeyTime } from './passkey-dates.tsx';

interface PasskeyListProps {
  query: ListQuery<Passkey>;
  label: string;
  description: ReactNode;
  aside?: ReactNode;
  toolbar?: ReactNode;
  empty: ReactNode;
  headingOrder?: 2 | 3;
  onRemove: (passkey: Passkey) => void;
}

/** Passkeys with their name, when each was added and last used, and Remove: on Your account and on an admin's user page. */
export function PasskeyList({ query, onRemove, ...list }: PasskeyListProps) {
  const removeButton = (p: Passkey, card = false) => (
    <Button
      size={card ? 'sm' : 'compact-xs'}
      fullWidth={card}
      variant="light"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden />}
      aria-label={`Remove ${p.name}`}
      onClick={() => onRemove(p)}
    >
      Remove
    </Button>
  );
  const columns: Column<Passkey>[] = [
    {
      label: 'Name',
      card: 'title',
      cell: (p) => (
        <Group gap="xs" wrap="nowrap">
          <IconKey size={18} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={500}>
            {p.name}
          </Text>
        </Group>
      ),
    },
    { label: 'Added', nowrap: true, cell: (p) => <PasskeyTime iso={p.added_at} /> },
    { label: 'Last used', nowrap: true, cell: (p) => <PasskeyTime iso={p.last_used_at} /> },
    {
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      card: 'actions',
      cell: (p) => removeButton(p),
      cardCell: (p) => removeButton(p, true),
    },
  ];
  return (
    <QueryList
      query={query}
      columns={columns}
      rowKey={(p) => p.id}
      title
      errorTitle="Failed to load the passkeys."
      cardLabel={(p) => p.name}
      minWidth={560}
      {...list}
    />
  );
}
