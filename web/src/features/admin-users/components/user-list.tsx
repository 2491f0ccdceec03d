import type { AdminUser } from '@portal/contract';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ListPager } from '@/components/list-pager.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { NOT_SIGNED_IN, userLabel } from '@/components/user-select.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { SEARCH_DEBOUNCE_MS, USERS_PAGE_SIZE, useUserList } from '../api/list-users.ts';

interface UserListProps {
  selectedId: string | null;
  onSelect: (user: AdminUser) => void;
}

const count = new Intl.NumberFormat();

function UserName({ user, selected, onSelect }: { user: AdminUser; selected: boolean; onSelect: (user: AdminUser) => void }) {
  return (
    <UnstyledButton
      onClick={(event) => {
        event.stopPropagation();
        onSelect(user);
      }}
      aria-current={selected ? 'true' : undefined}
      aria-label={user.name ? undefined : userLabel(user)}
      w="100%"
    >
      <Group gap="sm" wrap="nowrap">
        <UserAvatar user={user} size={28} />
        <Text
          size="sm"
          fw={selected ? 600 : 500}
          c={selected ? 'gold.3' : user.name ? undefined : 'dimmed'}
          fs={user.name ? undefined : 'italic'}
        >
          {user.name ?? NOT_SIGNED_IN}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** Every user, searched and paged on the server (25 a page), so it stays quick with thousands of users. */
export function UserList({ selectedId, onSelect }: UserListProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUserList({ q, limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE });
  const users = list.data?.users;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * USERS_PAGE_SIZE + 1;
  const last = Math.min(total, (page - 1) * USERS_PAGE_SIZE + (users?.length ?? 0));
  // Fewer users than before (say, some were removed): stay on a page that exists.
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);

  const columns: Column<AdminUser>[] = [
    {
      label: 'Name',
      card: 'title',
      cell: (user) => <UserName user={user} selected={user.id === selectedId} onSelect={onSelect} />,
    },
    {
      label: 'UID',
      nowrap: true,
      cell: (user) => (
        <Text ff="monospace" size="xs">
          {user.uid}
        </Text>
      ),
    },
    { label: 'Faction', cell: (user) => <Text size="sm">{user.faction ?? '-'}</Text> },
    {
      label: 'Last sign-in',
      nowrap: true,
      cell: (user) => (
        <Text size="sm" c="dimmed">
          {formatDateTime(user.last_login_at, 'Never')}
        </Text>
      ),
    },
  ];

  return (
    <QueryList
      query={{ ...list, data: users }}
      columns={columns}
      rowKey={(user) => user.id}
      label="All users"
      title
      aside={
        list.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === 0 ? 'No users' : `${count.format(first)}–${count.format(last)} of ${count.format(total)}`}
          </Text>
        )
      }
      toolbar={
        <SearchField
          label="Search users"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          searching={list.isFetching && !list.isPending}
        />
      }
      footer={<ListPager page={page} pages={pages} onChange={setPage} label="Pages of users" />}
      errorTitle="Failed to load apps/users."
      loadingLabel="Loading users..."
      empty={q ? `No users match "${q}".` : 'No users yet.'}
      cardLabel={userLabel}
      minWidth={560}
      isSelected={(user) => user.id === selectedId}
      onRowClick={onSelect}
    />
  );
}
