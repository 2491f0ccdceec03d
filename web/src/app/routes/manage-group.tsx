import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListEmpty } from '@/components/list-empty.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useManagedGroups } from '@/features/groups/api/list-managed-groups.ts';
import { AddMembersCard } from '@/features/groups/components/add-members-card.tsx';
import { GroupMembers } from '@/features/groups/components/group-members.tsx';
import { RemoveMemberDialog, type MemberToRemove } from '@/features/groups/components/remove-member-dialog.tsx';

const MANAGE = { label: 'Manage', to: '/manage' } as const;

/** /manage/groups/{id}: one group the player manages — add players (with an end date), its members, Remove. */
export default function ManageGroupRoute() {
  const { id } = useParams();
  const groups = useManagedGroups();
  const group = groups.data?.find((g) => g.id === id);
  const [removing, setRemoving] = useState<MemberToRemove | null>(null);
  const outcome = useFeedback();
  return (
    <Stack gap="lg">
      <PageHeader parent={MANAGE} title={group?.name ?? 'Group'} description={group?.description || undefined} />
      {groups.isPending ? (
        <CenteredLoader label="Loading your groups..." />
      ) : groups.isError ? (
        <ErrorAlert title="Failed to load your groups." error={groups.error} onRetry={() => void groups.refetch()} />
      ) : !group ? (
        <ListEmpty title="No such group" description="It is not among the groups you manage. Go back to Manage." />
      ) : (
        <>
          <AddMembersCard scope="manage" group={group} />
          <GroupMembers
            scope="manage"
            group={{ ...group, kind: 'custom' }}
            onRemove={(member) => {
              outcome.clear();
              setRemoving(member);
            }}
            notice={<ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />}
          />
          <RemoveMemberDialog
            scope="manage"
            group={group}
            member={removing}
            onClose={() => setRemoving(null)}
            onRemoved={outcome.succeed}
          />
        </>
      )}
    </Stack>
  );
}
