import { displayStatus, type AccessStatus } from '@portal/contract';
import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBan, IconCheck, IconCircleDashed, IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SuccessNotice } from '@/components/success-notice.tsx';
import { userLabel, type UserOption } from '@/components/user-select.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { formatTimesIn } from '@/lib/format-date-time.ts';
import { useAccessStatus } from '../api/get-access-status.ts';
import { useGrantAccess } from '../api/grant-access.ts';
import { useRevokeAccess } from '../api/revoke-access.ts';
import { useSuspendAccess } from '../api/suspend-access.ts';
import { decisionClause } from './decision-words.ts';

interface AccessPanelProps {
  /** The picked user and app; null until picked. */
  user: UserOption | null;
  app: { key: string; name: string } | null;
}

const look = {
  active: { color: 'teal', icon: IconCheck },
  suspended: { color: 'yellow', icon: IconPlayerPause },
  revoked: { color: 'red', icon: IconBan },
  none: { color: 'gray', icon: IconCircleDashed },
} as const;

type Status = AccessStatus['status'];

/**
 * 'Current: {status or none}' with the decision and its source after it ('— admitted through faction …'), and
 * Grant, Suspend, Revoke (Revoke asks first); each says what it did.
 */
export function AccessPanel({ user, app }: AccessPanelProps) {
  const userId = user?.id ?? null;
  const appKey = app?.key ?? null;
  const status = useAccessStatus(userId, appKey);
  const grant = useGrantAccess();
  const suspend = useSuspendAccess();
  const revoke = useRevokeAccess();
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const ready = Boolean(user && app);
  const changing = grant.isPending || suspend.isPending || revoke.isPending;
  const loading = ready && status.isPending;
  const busy = changing || loading;
  const failure = grant.error ?? suspend.error;

  const current: Status | undefined = ready ? status.data?.status : undefined;
  const decision = ready && !loading ? status.data?.decision : undefined;
  const label = displayStatus(current);
  const { color, icon: StatusIcon } = look[label as keyof typeof look] ?? look.none;

  const run = (action: typeof grant | typeof suspend | typeof revoke, done: string, onDone?: () => void) => {
    if (!user || !app || busy) return;
    for (const m of [grant, suspend, revoke]) m.reset();
    setNotice(null);
    action.mutate(
      { userId: user.id, appKey: app.key },
      {
        onSuccess: () => {
          setNotice(`${done} ${userLabel(user)} on ${app.name}.`);
          onDone?.();
        },
      },
    );
  };

  // Each action is offered only when it would change the status.
  const can = (target: Status) => ready && !busy && status.isSuccess && current !== target;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start" aria-live="polite">
        {loading ? (
          <Loader size={28} type="dots" aria-hidden />
        ) : (
          <ThemeIcon variant="light" color={ready ? color : 'gray'} size={28} radius="xl" aria-hidden>
            <StatusIcon size={16} />
          </ThemeIcon>
        )}
        <Stack gap={2} miw={0}>
          {/* 'Current: {status}' is what an admin recorded; beside it, whether the player may open the app and what decided it. */}
          <Text fw={600} size="lg" c={ready ? undefined : 'dimmed'}>
            <span>Current: {loading ? '...' : label}</span>
            {decision && (
              <>
                {' '}
                <Text span inherit c={decision.allowed ? 'teal.4' : 'red.4'}>
                  {decisionClause(decision)}
                </Text>
              </>
            )}
          </Text>
          {decision && (
            <Text size="sm" c="dimmed">
              {formatTimesIn(decision.reason)}
            </Text>
          )}
        </Stack>
      </Group>
      {!ready && (
        <Text size="sm" c="dimmed">
          Pick a user and an app to see and change the user&apos;s access.
        </Text>
      )}
      {ready && status.isError && (
        <ErrorAlert title="Failed to load the access status." error={status.error} onRetry={() => void status.refetch()} />
      )}
      {failure && <ErrorAlert title="Update failed." error={failure} />}
      {notice && <SuccessNotice onClose={() => setNotice(null)}>{notice}</SuccessNotice>}
      <Group gap="sm">
        <Button
          color="teal"
          leftSection={<IconCheck size={16} aria-hidden />}
          disabled={!can('active')}
          loading={grant.isPending}
          onClick={() => run(grant, 'Access granted to')}
        >
          Grant
        </Button>
        <Button
          color="yellow"
          variant="light"
          leftSection={<IconPlayerPause size={16} aria-hidden />}
          disabled={!can('suspended')}
          loading={suspend.isPending}
          onClick={() => run(suspend, 'Access suspended for')}
        >
          Suspend
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconBan size={16} aria-hidden />}
          disabled={!can('revoked')}
          loading={revoke.isPending}
          onClick={() => {
            revoke.reset();
            setConfirmRevoke(true);
          }}
        >
          Revoke
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirmRevoke}
        title="Revoke access?"
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        color="red"
        error={revoke.error ? serverMessage(revoke.error, 'The access could not be revoked.') : null}
        onConfirm={() => run(revoke, 'Access revoked for', () => setConfirmRevoke(false))}
        onClose={() => setConfirmRevoke(false)}
      >
        {user && app && (
          <>
            {userLabel(user)} can no longer open {app.name} until access is granted again.
          </>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
