import { displayStatus } from '@portal/contract';
import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCheck, IconCircleDashed, IconPlayerPause } from '@tabler/icons-react';
import { serverMessage } from '@/lib/api-error.ts';
import { useAccessStatus } from '../api/get-access-status.ts';
import { useGrantAccess } from '../api/grant-access.ts';
import { useRevokeAccess } from '../api/revoke-access.ts';
import { useSuspendAccess } from '../api/suspend-access.ts';
import { RetryAlert } from '@/components/inline-alerts.tsx';

interface AccessPanelProps {
  /** The picked user's id and app's key; null until picked. */
  userId: string | null;
  appKey: string | null;
}

const look = {
  active: { color: 'teal', icon: IconCheck },
  suspended: { color: 'yellow', icon: IconPlayerPause },
  none: { color: 'gray', icon: IconCircleDashed },
} as const;

/** SPEC.md §2 /admin/access: 'Current: {status or none}' and Grant, Suspend, Revoke. */
export function AccessPanel({ userId, appKey }: AccessPanelProps) {
  const status = useAccessStatus(userId, appKey);
  const grant = useGrantAccess();
  const suspend = useSuspendAccess();
  const revoke = useRevokeAccess();
  const ready = Boolean(userId && appKey);
  const changing = grant.isPending || suspend.isPending || revoke.isPending;
  const loading = ready && status.isPending;
  const busy = changing || loading;
  const failure = grant.error ?? suspend.error ?? revoke.error;

  const label = displayStatus(ready ? status.data?.status : '');
  const { color, icon: StatusIcon } = look[label as keyof typeof look] ?? look.none;

  const run = (action: typeof grant | typeof suspend | typeof revoke) => {
    if (!userId || !appKey || busy) return;
    for (const m of [grant, suspend, revoke]) m.reset();
    action.mutate({ userId, appKey });
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" aria-live="polite">
        {loading ? (
          <Loader size={28} type="dots" aria-hidden />
        ) : (
          <ThemeIcon variant="light" color={ready ? color : 'gray'} size={28} radius="xl" aria-hidden>
            <StatusIcon size={16} />
          </ThemeIcon>
        )}
        <Text fw={600} size="lg" c={ready ? undefined : 'dimmed'}>
          Current: {loading ? '...' : label}
        </Text>
      </Group>
      {!ready && (
        <Text size="sm" c="dimmed">
          Pick a user and an app to see and change the user&apos;s access.
        </Text>
      )}
      {ready && status.isError && <RetryAlert title="Failed to load the access status." onRetry={() => void status.refetch()} />}
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title="Update failed.">
          {serverMessage(failure, 'The change was not saved.')}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          color="teal"
          leftSection={<IconCheck size={16} aria-hidden />}
          disabled={!ready || busy}
          loading={grant.isPending}
          onClick={() => run(grant)}
        >
          Grant
        </Button>
        <Button
          color="yellow"
          variant="light"
          leftSection={<IconPlayerPause size={16} aria-hidden />}
          disabled={!ready || busy}
          loading={suspend.isPending}
          onClick={() => run(suspend)}
        >
          Suspend
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconBan size={16} aria-hidden />}
          disabled={!ready || busy}
          loading={revoke.isPending}
          onClick={() => run(revoke)}
        >
          Revoke
        </Button>
      </Group>
    </Stack>
  );
}
