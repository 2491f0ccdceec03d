import { Badge, Group, Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header.tsx';
import { ManagedGroupsList, useWaitingCount } from '@/features/groups/components/managed-groups-list.tsx';
import { RequestsList } from '@/features/groups/components/requests-list.tsx';

/** /manage: a group manager's console — the requests waiting in their groups, and the groups themselves. */
export default function ManageRoute() {
  const waiting = useWaitingCount();
  return (
    <Stack gap="lg">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PageHeader title="Manage" description="The groups you manage: who is in them, and the players asking to join." />
        {waiting !== undefined && waiting > 0 && (
          <Badge size="lg" color="red" aria-label={`${waiting} ${waiting === 1 ? 'request' : 'requests'} waiting`}>
            {waiting} waiting
          </Badge>
        )}
      </Group>
      <RequestsList scope="manage" groupId={null} />
      <ManagedGroupsList />
    </Stack>
  );
}
