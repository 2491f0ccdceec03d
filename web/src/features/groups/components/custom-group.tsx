import type { Group } from '@portal/contract';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { AddMembersCard } from './add-members-card.tsx';
import { GroupMembers } from './group-members.tsx';
import { GroupSettingsCard } from './group-settings-card.tsx';
import { ManagersCard } from './managers-card.tsx';
import { RemoveMemberDialog, type MemberToRemove } from './remove-member-dialog.tsx';
import { RequestsList } from './requests-list.tsx';
import { ShownToAppsCard } from './shown-to-apps-card.tsx';

/**
 * A group an admin keeps: add players, its members with Remove, the requests waiting, its managers and joining, what apps
 * are told, its name and description, Delete.
 */
export function CustomGroup({ group }: { group: Group }) {
  const [removing, setRemoving] = useState<MemberToRemove | null>(null);
  const outcome = useFeedback();
  return (
    <>
      <AddMembersCard group={group} scope="admin" />
      <GroupMembers
        scope="admin"
        group={group}
        onRemove={(member) => {
          outcome.clear();
          setRemoving(member);
        }}
        notice={<ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />}
      />
      {group.joining === 'request' && <RequestsList scope="admin" groupId={group.id} />}
      <ManagersCard group={group} />
      <ShownToAppsCard group={group} />
      <GroupSettingsCard group={group} />
      <RemoveMemberDialog scope="admin" group={group} member={removing} onClose={() => setRemoving(null)} onRemoved={outcome.succeed} />
    </>
  );
}
