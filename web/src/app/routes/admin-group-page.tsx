import type { Group } from '@portal/contract';
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { GROUPS } from '@/lib/admin-pages.ts';
import { GiveGroupAppCard } from '@/features/access-rules/components/give-group-app-card.tsx';
import { useAdminApps } from '@/features/admin-apps/api/list-admin-apps.ts';
import { useGroups } from '@/features/groups/api/list-groups.ts';
import { CustomGroup } from '@/features/groups/components/custom-group.tsx';
import { FactionGroup } from '@/features/groups/components/faction-group.tsx';
import { GroupFacts } from '@/features/groups/components/group-facts.tsx';

function Body({ group }: { group: Group }) {
  const apps = useAdminApps();
  return (
    <Stack gap="lg">
      {group.kind === 'faction' ? <FactionGroup group={group} /> : <CustomGroup group={group} />}
      <GiveGroupAppCard group={group} apps={apps.data ?? []} />
    </Stack>
  );
}

/** /admin/groups/{id}: one group's members (read-only for a faction, which the game keeps), and for a group an admin keeps, adding, removing, editing and deleting. */
export default function AdminGroupPageRoute() {
  const { id } = useParams();
  const groups = useGroups();
  const group = groups.data?.find((g) => g.id === id);
  return (
    <Stack gap="lg">
      <PageHeader parent={GROUPS} title={group?.name ?? 'Group'} description={group && <GroupFacts group={group} />} />
      {groups.isPending ? (
        <CenteredLoader label="Loading groups..." />
      ) : groups.isError ? (
        <ErrorAlert title="Failed to load groups" error={groups.error} onRetry={() => void groups.refetch()} />
      ) : !group ? (
        <ListEmpty title="No such group" description="It is not among the groups: it may have been deleted. Go back to Groups." />
      ) : (
        <Body key={group.id} group={group} />
      )}
    </Stack>
  );
}
