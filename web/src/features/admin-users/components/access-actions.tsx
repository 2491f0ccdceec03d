import type { AccessStatus } from '@portal/contract';
import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconBan, IconCheck, IconPlayerPause } from '@tabler/icons-react';
import type { Feedback } from '@/components/action-feedback.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useGrantAccess } from '../api/grant-access.ts';
import { useRevokeAccess } from '../api/revoke-access.ts';
import { useSuspendAccess } from '../api/suspend-access.ts';

type Status = AccessStatus['status'];

/** One user's access to one app, as a row of a list names them (for the question and the outcome). */
export interface AccessTarget {
  userId: string;
  appKey: string;
  userName: string;
  appName: string;
}

interface AccessActionsProps {
  target: AccessTarget;
  status: Status;
  /** Compact in a table row; full-width on a phone's card. */
  variant?: 'row' | 'card';
  /** What Grant or Suspend did, for the list's notice. */
  onOutcome: (feedback: Feedback) => void;
  /** Revoke asks first: the list holds the one question (it outlasts a row that turns into a card). */
  onRevoke: () => void;
}

/**
 * Grant, Suspend and Revoke in a row of a list of access (a user's apps, an app's players), each disabled
 * when it would change nothing. The same calls as User App Access.
 */
export function AccessActions({ target, status, variant = 'row', onOutcome, onRevoke }: AccessActionsProps) {
  const grant = useGrantAccess();
  const suspend = useSuspendAccess();
  const busy = grant.isPending || suspend.isPending;
  const card = variant === 'card';
  const size = card ? 'sm' : 'compact-sm';
  // A phone's card has a third of its width for each button: words only, no icons.
  const icon = (Icon: typeof IconCheck) => (card ? undefined : <Icon size={14} aria-hidden />);
  const px = card ? 8 : undefined;
  const { userName, appName } = target;

  const run = (action: typeof grant, done: string) => {
    if (busy) return;
    action.mutate(target, {
      onSuccess: () => onOutcome({ kind: 'success', text: `${done} ${userName} on ${appName}.` }),
      onError: (error) => onOutcome({ kind: 'error', title: 'Update failed.', error }),
    });
  };

  // Each action is offered only when it would change the status.
  const choices = [
    // Lifting a suspension is a grant to the server, but not in the admin's words.
    status === 'suspended'
      ? {
          label: 'Lift suspension',
          // The visible words start the name, so a voice user saying what they see hits it.
          name: `Lift suspension of ${userName} on ${appName}`,
          color: 'teal',
          Icon: IconCheck,
          sets: 'active',
          pending: grant.isPending,
          act: () => run(grant, 'Suspension lifted for'),
        }
      : {
          label: 'Grant',
          name: `Grant ${userName} access to ${appName}`,
          color: 'teal',
          Icon: IconCheck,
          sets: 'active',
          pending: grant.isPending,
          act: () => run(grant, 'Access granted to'),
        },
    {
      label: 'Suspend',
      name: `Suspend ${userName} on ${appName}`,
      color: 'yellow',
      Icon: IconPlayerPause,
      sets: 'suspended',
      pending: suspend.isPending,
      act: () => run(suspend, 'Access suspended for'),
    },
    {
      label: 'Revoke',
      name: `Revoke ${userName} on ${appName}`,
      color: 'red',
      Icon: IconBan,
      sets: 'revoked',
      pending: false,
      act: onRevoke,
    },
  ] as const;
  const buttons = choices.map(({ label, name, color, Icon, sets, pending, act }) => (
    <Button
      key={label}
      size={size}
      color={color}
      variant="light"
      leftSection={icon(Icon)}
      px={px}
      disabled={busy || status === sets}
      loading={pending}
      onClick={act}
      // In a table row the button names the player and the app; on a phone the card around it names them.
      aria-label={card ? undefined : name}
    >
      {label}
    </Button>
  ));

  return card ? (
    <SimpleGrid cols={3} spacing={6}>
      {buttons}
    </SimpleGrid>
  ) : (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {buttons}
    </Group>
  );
}

interface RevokeAccessDialogProps {
  /** The access to revoke; null while nothing is asked. */
  target: AccessTarget | null;
  onClose: () => void;
  onRevoked: (text: string) => void;
}

/** 'Revoke access?' before a revocation, as on User App Access. */
export function RevokeAccessDialog({ target, onClose, onRevoked }: RevokeAccessDialogProps) {
  const revoke = useRevokeAccess();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={target !== null}
      title="Revoke access?"
      confirmLabel="Revoke"
      busyLabel="Revoking..."
      busy={revoke.isPending}
      color="red"
      error={revoke.error ? serverMessage(revoke.error, 'The access could not be revoked.') : null}
      onConfirm={() =>
        target &&
        revoke.mutate(target, {
          onSuccess: () => {
            close();
            onRevoked(`Access revoked for ${target.userName} on ${target.appName}.`);
          },
        })
      }
      onClose={close}
    >
      {target && (
        <>
          {target.userName} can no longer open {target.appName} until access is granted again.
        </>
      )}
    </ConfirmDialog>
  );
}
