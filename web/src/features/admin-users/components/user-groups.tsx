import type { UserGroup } from '@portal/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { GroupKindBadge } from '@/components/group-kind-badge.tsx';
import { MemberStatus } from '@/components/member-status.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { groupPagePath } from '@/lib/admin-pages.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { SOURCE_WORDS } from '@/lib/membership-words.ts';
import { useUserGroups } from '../api/list-user-groups.ts';

const columns: Column<UserGroup>[] = [
  {
    label: 'Group',
    card: 'title',
    cell: (group) => (
      <Anchor component={Link} to={groupPagePath(group.id)} size="sm" fw={600} underline="always">
        {group.name}
      </Anchor>
    ),
  },
  { label: 'Kind', nowrap: true, card: 'badge', cell: (group) => <GroupKindBadge group={group} /> },
  {
    label: 'Joined',
    cell: (group) => (
      <Stack gap={0}>
        <Text size="sm">{SOURCE_WORDS[group.source]}</Text>
        <Text size="xs" c="dimmed">
          <time dateTime={group.added_at}>{formatDateTime(group.added_at)}</time>
        </Text>
        {/* A membership given with an end date ends then by itself; an open-ended one says nothing more. */}
        {group.until && (
          <Text size="xs" c="dimmed">
            Until <time dateTime={group.until}>{formatDateTime(group.until)}</time>
          </Text>
        )}
      </Stack>
    ),
  },
  { label: 'Status', cell: (group) => <MemberStatus member={group} /> },
];

/** The groups and factions a player is in, or left while a rule's grace period still counts them. */
export function UserGroups({ userId, headingOrder = 3 }: { userId: string; headingOrder?: 2 | 3 }) {
  return (
    <QueryList
      query={useUserGroups(userId)}
      columns={columns}
      rowKey={(group) => group.id}
      label="Groups"
      title
      headingOrder={headingOrder}
      description="The groups and factions the player is in: apps' access rules admit their members."
      errorTitle="Failed to load the player's groups."
      loadingLabel="Loading groups..."
      empty="In no group. A player joins their faction's group at sign-in or when its roster is read."
      cardLabel={(group) => group.name}
      minWidth={520}
    />
  );
}
