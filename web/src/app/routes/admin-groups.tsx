import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { SuccessNotice } from '@/components/success-notice.tsx';
import { ADMIN_PANEL } from '@/lib/admin-panel.ts';
import { CreateGroupCard } from '@/features/groups/components/create-group-card.tsx';
import type { DeletedGroupState } from '@/features/groups/components/group-settings-card.tsx';
import { GroupsList } from '@/features/groups/components/groups-list.tsx';

/** A group's page sends the admin here after deleting it: say so. */
function useDeletedGroup() {
  const state = useLocation().state as Partial<DeletedGroupState> | null;
  const [deleted, setDeleted] = useState(typeof state?.deletedGroup === 'string' ? state.deletedGroup : null);
  return { deleted, dismiss: () => setDeleted(null) };
}

export default function AdminGroupsRoute() {
  const { deleted, dismiss } = useDeletedGroup();
  return (
    <Stack gap="lg">
      <PageHeader
        parent={ADMIN_PANEL}
        title="Groups"
        description="Players you group by hand and the SWCombine factions the game keeps; an app's access rules admit their members."
      />
      {deleted && <SuccessNotice onClose={dismiss}>Group “{deleted}” deleted.</SuccessNotice>}
      <CreateGroupCard />
      <GroupsList />
    </Stack>
  );
}
