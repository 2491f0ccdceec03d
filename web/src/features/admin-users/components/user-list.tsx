import type { AdminUser } from '@portal/contract';
import {
  Avatar,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS, USERS_PAGE_SIZE, useUserList } from '../api/list-users.ts';
import { formatDateTime, orDash } from './format.ts';

interface UserListProps {
  selectedId: string | null;
  onSelect: (user: AdminUser) => void;
}

const count = new Intl.NumberFormat();

/** Every user, searched and paged on the server (25 a page), so it stays quick with thousands of users. */
export function UserList({ selectedId, onSelect }: UserListProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUserList({ q, limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE });
  const users = list.data?.users ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * USERS_PAGE_SIZE + 1;
  const last = Math.min(total, (page - 1) * USERS_PAGE_SIZE + users.length);
  // Fewer users than before (say, some were removed): stay on a page that exists.
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);

  return (
    <Card component="section" aria-labelledby="user-list-title" padding={0}>
      <Stack gap="sm" px="lg" pt="lg" pb="sm">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Title order={2} fz="lg" id="user-list-title">
            All users
          </Title>
          {list.data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {total === 0 ? 'No users' : `${count.format(first)}–${count.format(last)} of ${count.format(total)}`}
            </Text>
          )}
        </Group>
        <TextInput
          label="Search users"
          placeholder="Name or UID"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={list.isFetching && !list.isPending ? <Loader size={14} aria-label="Searching" /> : undefined}
          type="search"
        />
      </Stack>

      {list.isError && !list.data ? (
        <Stack align="center" gap="sm" py="xl" px="lg" role="alert">
          <Text c="red" fw={500}>
            Failed to load apps/users.
          </Text>
          <Button variant="light" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table verticalSpacing="xs" horizontalSpacing="lg" highlightOnHover aria-labelledby="user-list-title" aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>UID</Table.Th>
                <Table.Th visibleFrom="sm">Faction</Table.Th>
                <Table.Th visibleFrom="sm">Last sign-in</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
              {list.isPending &&
                [0, 1, 2, 3, 4].map((i) => (
                  <Table.Tr key={i}>
                    {[0, 1, 2, 3].map((j) => (
                      <Table.Td key={j}>
                        <Skeleton h={14} w={j === 0 ? '80%' : '60%'} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {users.map((user) => {
                const selected = user.id === selectedId;
                return (
                  <Table.Tr
                    key={user.id}
                    onClick={() => onSelect(user)}
                    style={{
                      cursor: 'pointer',
                      boxShadow: selected ? 'inset 3px 0 0 var(--mantine-primary-color-filled)' : undefined,
                    }}
                    bg={selected ? 'var(--mantine-color-dark-5)' : undefined}
                  >
                    <Table.Td>
                      <UnstyledButton
                        onClick={(event) => {
                          event.stopPropagation();
                          onSelect(user);
                        }}
                        aria-current={selected ? 'true' : undefined}
                        w="100%"
                      >
                        <Group gap="sm" wrap="nowrap">
                          <Avatar aria-hidden src={user.image} alt="" size={28} radius="xl" name={user.name || user.uid} color="initials" />
                          <Text size="sm" fw={selected ? 600 : 500} c={selected ? 'gold.3' : undefined}>
                            {user.name || user.uid}
                          </Text>
                        </Group>
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="xs">
                        {user.uid}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm">{orDash(user.faction)}</Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" c="dimmed">
                        {user.last_login_at ? formatDateTime(user.last_login_at) : 'Never'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {list.data && users.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {q ? `No users match "${q}".` : 'No users yet.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {pages > 1 && (
        <Group justify="center" px="lg" py="md">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            siblings={1}
            boundaries={1}
            size="sm"
            aria-label="Pages of users"
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            getControlProps={(control) => ({
              'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control],
            })}
          />
        </Group>
      )}
    </Card>
  );
}
