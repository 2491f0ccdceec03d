import type { ManagedGroup } from '@portal/contract';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { useManagedGroups } from '../api/list-managed-groups.ts';
import { JOINING_LABEL, membersCount } from './group-words.ts';

const managedGroupPath = (id: string) => `/manage/groups/${encodeURIComponent(id)}`;

function GroupCard({ group }: { group: ManagedGroup }) {
  return (
    <Card component="li" withBorder>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={managedGroupPath(group.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {group.name}
          </Anchor>
          <Badge variant="light" color="gray">
            {JOINING_LABEL[group.joining]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {membersCount(group.member_count)}
          {group.pending_count > 0 ? `, ${group.pending_count} waiting` : ''}
        </Text>
        <Text size="sm">{group.apps.length ? `Opens ${group.apps.join(', ')}` : 'No app’s access rules name it yet.'}</Text>
      </Stack>
    </Card>
  );
}

/** The groups the player manages, each linking to its members. */
export function ManagedGroupsList() {
  const groups = useManagedGroups();
  return (
    <Stack gap="sm" component="section" aria-labelledby="managed-groups-title">
      <Title order={2} fz="lg" id="managed-groups-title">
        Your groups
      </Title>
      {groups.isPending ? (
        <CenteredLoader label="Loading your groups..." />
      ) : groups.isError ? (
        <ErrorAlert title="Failed to load your groups." error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <ListEmpty description="You manage no group. An admin makes players managers of a group." />
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {groups.data.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** How many requests wait in every group the player manages (the badge); undefined while unknown. */
export function useWaitingCount(): number | undefined {
  const groups = useManagedGroups();
  return groups.data?.reduce((sum, g) => sum + g.pending_count, 0);
}
