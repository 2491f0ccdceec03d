import { Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useEndAllUserSessions } from '../api/end-all-user-sessions.ts';
import { useUserConnectedApps } from '../api/list-user-connected-apps.ts';

interface EndAllSessionsModalProps {
  opened: boolean;
  userId: string;
  userName: string;
  /** Live sessions as last counted, for the question. */
  count: number;
  onClose: () => void;
  onEnded: (ended: number, appsDisconnected: number) => void;
}

const listed = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/**
 * Confirms signing the user out everywhere, and asks whether their connected apps go too: an app's
 * refresh token outlives the sessions (a bot with offline_access goes on acting) unless it is disconnected.
 */
export function EndAllSessionsModal({ opened, userId, userName, count, onClose, onEnded }: EndAllSessionsModalProps) {
  const end = useEndAllUserSessions();
  const apps = useUserConnectedApps(userId);
  const [disconnectApps, setDisconnectApps] = useState(false);
  const connected = apps.data ?? [];
  const away = connected.filter((app) => app.offline).map((app) => app.name);
  const close = () => {
    end.reset();
    setDisconnectApps(false);
    onClose();
  };
  const confirm = () =>
    end.mutate(
      { userId, disconnectApps: disconnectApps && connected.length > 0 },
      {
        onSuccess: ({ ended, apps_disconnected }) => {
          close();
          onEnded(ended, apps_disconnected ?? 0);
        },
      },
    );
  return (
    <ConfirmDialog
      opened={opened}
      title="End all sessions?"
      confirmLabel={disconnectApps && connected.length > 0 ? 'End all and disconnect' : 'End all sessions'}
      busyLabel="Ending..."
      busy={end.isPending}
      color="red"
      error={end.error ? serverMessage(end.error, 'The sessions could not be ended.') : null}
      onConfirm={confirm}
      onClose={close}
    >
      <Stack gap="md">
        <Text size="sm">
          {userName} is signed out everywhere: {count === 1 ? 'the one active session ends' : `all ${count} active sessions end`}, and they
          have to sign in again on each device.
        </Text>
        {connected.length > 0 && (
          <Checkbox
            checked={disconnectApps}
            onChange={(event) => setDisconnectApps(event.currentTarget.checked)}
            label={`Also disconnect their ${connected.length === 1 ? 'app' : `${connected.length} apps`}: ${listed(connected.map((app) => app.name))}`}
            description={
              away.length > 0
                ? `Apps keep their tokens after a sign-out: ${listed(away)} can go on acting for ${userName} while they are away. Disconnecting ends those tokens too.`
                : 'Apps keep their tokens after a sign-out. Disconnecting ends those tokens too.'
            }
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}
