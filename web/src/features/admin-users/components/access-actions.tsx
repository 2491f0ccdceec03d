import type { AccessStatus } from '@portal/contract';
import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconBan, IconCheck, IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import type { Feedback } from '@/components/action-feedback.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useGrantAccess } from '../api/grant-access.ts';
import { useRevokeAccess } from '../api/revoke-access.ts';
import { useSuspendAccess } from '../api/suspend-access.ts';

type Status = AccessStatus['status'];

interface AccessActionsProps {
  userId: string;
  appKey: string;
  /** As the row names them, for the question and the outcome. */
  userName: string;
  appName: string;
  status: Status;
  /** Compact in a table row; full-width on a phone's card. */
  variant?: 'row' | 'card';
  /** What the action did, for the list's notice. */
  onOutcome: (feedback: Feedback) => void;
}

/**
 * Grant, Suspend and Revoke in a row of a list of access (a user's apps, an app's players), each disabled
 * when it would change nothing; Revoke asks first. The same calls as User App Access.
 */
export function AccessActions({ userId, appKey, userName, appName, status, variant = 'row', onOutcome }: AccessActionsProps) {
  const grant = useGrantAccess();
  const suspend = useSuspendAccess();
  const revoke = useRevokeAccess();
  const [confirming, setConfirming] = useState(false);
  const busy = grant.isPending || suspend.isPending || revoke.isPending;
  const card = variant === 'card';
  const size = card ? 'sm' : 'compact-sm';

  const run = (action: typeof grant, done: string, after?: () => void) => {
    if (busy) return;
    action.mutate(
      { userId, appKey },
      {
        onSuccess: () => {
          after?.();
          onOutcome({ kind: 'success', text: `${done} ${userName} on ${appName}.` });
        },
        onError: (error) => {
          if (action !== revoke) onOutcome({ kind: 'error', title: 'Update failed.', error });
        },
      },
    );
  };

  const buttons = (
    <>
      <Button
        size={size}
        color="teal"
        variant="light"
        leftSection={<IconCheck size={14} aria-hidden />}
        disabled={busy || status === 'active'}
        loading={grant.isPending}
        onClick={() => run(grant, 'Access granted to')}
        aria-label={card ? undefined : `Grant ${userName} access to ${appName}`}
      >
        Grant
      </Button>
      <Button
        size={size}
        color="yellow"
        variant="light"
        leftSection={<IconPlayerPause size={14} aria-hidden />}
        disabled={busy || status === 'suspended'}
        loading={suspend.isPending}
        onClick={() => run(suspend, 'Access suspended for')}
        aria-label={card ? undefined : `Suspend ${userName} on ${appName}`}
      >
        Suspend
      </Button>
      <Button
        size={size}
        color="red"
        variant="light"
        leftSection={<IconBan size={14} aria-hidden />}
        disabled={busy || status === 'revoked'}
        onClick={() => {
          revoke.reset();
          setConfirming(true);
        }}
        aria-label={card ? undefined : `Revoke ${userName} on ${appName}`}
      >
        Revoke
      </Button>
    </>
  );

  return (
    <>
      {card ? (
        <SimpleGrid cols={3} spacing="xs">
          {buttons}
        </SimpleGrid>
      ) : (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {buttons}
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Revoke access?"
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        color="red"
        error={revoke.error ? serverMessage(revoke.error, 'The access could not be revoked.') : null}
        onConfirm={() => run(revoke, 'Access revoked for', () => setConfirming(false))}
        onClose={() => setConfirming(false)}
      >
        {userName} can no longer open {appName} until access is granted again.
      </ConfirmDialog>
    </>
  );
}
