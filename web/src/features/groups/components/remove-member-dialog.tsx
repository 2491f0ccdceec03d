import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import type { GroupScope } from '../api/group-scope.ts';
import { useRemoveMember } from '../api/remove-member.ts';

export interface MemberToRemove {
  userId: string;
  name: string;
}

interface RemoveMemberDialogProps {
  scope: GroupScope;
  group: { id: string; name: string };
  /** The player asked about; null while nothing is asked. */
  member: MemberToRemove | null;
  onClose: () => void;
  onRemoved: (text: string) => void;
}

/** 'Remove from Fleet Ops?': says that what the group's rules give the player ends at once. */
export function RemoveMemberDialog({ scope, group, member, onClose, onRemoved }: RemoveMemberDialogProps) {
  const remove = useRemoveMember();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={member !== null}
      title={`Remove from ${group.name}?`}
      confirmLabel="Remove"
      busyLabel="Removing..."
      busy={remove.isPending}
      color="red"
      error={remove.error ? serverMessage(remove.error, 'The player could not be removed.') : null}
      onConfirm={() =>
        member &&
        remove.mutate(
          { scope, groupId: group.id, userId: member.userId },
          {
            onSuccess: () => {
              close();
              onRemoved(`${member.name} removed from ${group.name}.`);
            },
          },
        )
      }
      onClose={close}
    >
      {member && (
        <>
          {member.name} loses what {group.name}’s access rules give, at once: apps that admit them only through {group.name} close for them.
          A grant of their own or another group may still admit them.
        </>
      )}
    </ConfirmDialog>
  );
}
