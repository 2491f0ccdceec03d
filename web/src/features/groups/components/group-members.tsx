import type { Group, GroupMember } from '@portal/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserMinus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ListPager, PageRange } from '@/components/list-pager.tsx';
import { SearchField } from '@/components/search-field.tsx';
import { PlayerName } from '@/components/player-name.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { MemberStatus } from '@/components/member-status.tsx';
import { userLabel } from '@/components/user-select.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { SOURCE_WORDS } from '@/lib/membership-words.ts';
import type { GroupScope } from '../api/group-scope.ts';
import { MEMBERS_PAGE_SIZE, SEARCH_DEBOUNCE_MS, useGroupMembers } from '../api/list-members.ts';
import type { MemberToRemove } from './remove-member-dialog.tsx';

interface GroupMembersProps {
  scope: GroupScope;
  group: Pick<Group, 'id' | 'name' | 'kind'>;
  /** Remove asks first: the page holds the question. Absent for a faction, whose members the game keeps. */
  onRemove?: (member: MemberToRemove) => void;
  /** Above the list: the outcome of the last change. */
  notice?: ReactNode;
}

/** A group's members, searched and paged on the server, each with how they joined, whether they left, and Remove. */
export function GroupMembers({ scope, group, onRemove, notice }: GroupMembersProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useGroupMembers(scope, group.id, { q, limit: MEMBERS_PAGE_SIZE, offset: (page - 1) * MEMBERS_PAGE_SIZE });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  // Fewer members than before (some were removed): stay on a page that exists.
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);

  const nameOf = (member: GroupMember) => member.name ?? member.uid;
  const columns: Column<GroupMember>[] = [
    { label: 'Player', card: 'title', cell: (member) => <PlayerName player={member} linked={scope === 'admin'} /> },
    { label: 'Status', card: 'badge', cell: (member) => <MemberStatus member={member} /> },
    {
      label: 'Joined',
      cell: (member) => (
        <Stack gap={0}>
          <Text size="sm">{SOURCE_WORDS[member.source]}</Text>
          <Text size="xs" c="dimmed">
            <time dateTime={member.added_at}>{formatDateTime(member.added_at)}</time>
          </Text>
          {member.until && (
            <Text size="xs" c="dimmed">
              Until <time dateTime={member.until}>{formatDateTime(member.until)}</time>
            </Text>
          )}
        </Stack>
      ),
    },
    ...(onRemove
      ? [
          {
            label: 'Actions',
            hideLabel: true,
            align: 'right',
            card: 'actions',
            cell: (member) => (
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                leftSection={<IconUserMinus size={14} aria-hidden />}
                aria-label={`Remove ${nameOf(member)} from ${group.name}`}
                onClick={() => onRemove({ userId: member.user_id, name: nameOf(member) })}
              >
                Remove
              </Button>
            ),
            cardCell: (member) => (
              <Button
                fullWidth
                variant="light"
                color="red"
                leftSection={<IconUserMinus size={16} aria-hidden />}
                onClick={() => onRemove({ userId: member.user_id, name: nameOf(member) })}
              >
                Remove
              </Button>
            ),
          } satisfies Column<GroupMember>,
        ]
      : []),
  ];

  return (
    <QueryList
      query={{ ...list, data: list.data?.members }}
      columns={columns}
      rowKey={(member) => member.user_id}
      label="Members"
      title
      aside={list.data && <PageRange page={page} size={MEMBERS_PAGE_SIZE} shown={list.data.members.length} total={total} />}
      toolbar={
        <Stack gap="sm">
          {notice}
          <SearchField
            label="Search members"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            searching={list.isFetching && !list.isPending}
          />
        </Stack>
      }
      footer={<ListPager page={page} pages={pages} onChange={setPage} label="Pages of members" />}
      errorTitle="Failed to load the members."
      loadingLabel="Loading members..."
      empty={
        q ? `No members match "${q}".` : group.kind === 'faction' ? 'No members read yet.' : 'No members yet: add players by UID above.'
      }
      cardLabel={(member) => userLabel(member)}
      minWidth={560}
    />
  );
}
