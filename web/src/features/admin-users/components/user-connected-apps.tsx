import type { AdminUser, ConnectedApp } from '@portal/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconClockPause, IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { ActionFeedback, useFeedback } from '@/components/action-feedback.tsx';
import { AppIcon } from '@/components/app-icon.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { QueryList, type Column } from '@/components/query-list.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useDisconnectUserApp } from '../api/disconnect-user-app.ts';
import { useUserConnectedApps } from '../api/list-user-connected-apps.ts';
import { DateTime } from './detail-cells.tsx';

function DisconnectButton({ app, card = false, onClick }: { app: ConnectedApp; card?: boolean; onClick: () => void }) {
  return (
    <Button
      fullWidth={card}
      size={card ? 'sm' : 'compact-xs'}
      variant="light"
      color="red"
      leftSection={<IconPlugConnectedX size={card ? 16 : 12} aria-hidden />}
      aria-label={`Disconnect ${app.name}`}
      onClick={onClick}
    >
      Disconnect
    </Button>
  );
}

/**
 * The apps holding a grant for the user, as their own account page lists them, each with Disconnect: it
 * ends the app's tokens (a bot's offline_access refresh token too), which ending sessions does not.
 */
export function UserConnectedApps({ user, headingOrder = 2 }: { user: AdminUser; headingOrder?: 2 | 3 }) {
  const apps = useUserConnectedApps(user.id);
  const disconnect = useDisconnectUserApp();
  const [asking, setAsking] = useState<ConnectedApp | null>(null);
  const outcome = useFeedback();
  const userName = user.name ?? user.uid;
  const ask = (app: ConnectedApp) => {
    outcome.clear();
    disconnect.reset();
    setAsking(app);
  };
  const columns: Column<ConnectedApp>[] = [
    {
      label: 'App',
      card: 'title',
      nowrap: true,
      cell: (app) => (
        <Group gap="xs" wrap="nowrap">
          <AppIcon icon={app.icon} size={24} />
          <Text size="sm" fw={600}>
            {app.name}
          </Text>
        </Group>
      ),
    },
    {
      label: 'May',
      maw: 320,
      cell: (app) => (
        <Text size="xs" c="dimmed">
          {app.scopes.map((s) => s.words).join('; ')}
        </Text>
      ),
    },
    { label: 'Connected', nowrap: true, cell: (app) => <DateTime iso={app.since} /> },
    { label: 'Last used', nowrap: true, cell: (app) => <DateTime iso={app.last_used_at} /> },
    {
      label: 'While away',
      nowrap: true,
      cell: (app) =>
        app.offline ? (
          <Group gap={4} wrap="nowrap" c="yellow.4">
            <IconClockPause size={14} aria-hidden />
            <Text span size="xs" fw={600}>
              Can act
            </Text>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            No
          </Text>
        ),
    },
    {
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      card: 'actions',
      cell: (app) => <DisconnectButton app={app} onClick={() => ask(app)} />,
      cardCell: (app) => <DisconnectButton app={app} card onClick={() => ask(app)} />,
    },
  ];
  return (
    <>
      <QueryList
        query={apps}
        columns={columns}
        rowKey={(app) => app.key}
        label="Connected apps"
        title
        headingOrder={headingOrder}
        description={`Apps ${userName} signed in to that keep tokens for them. Ending sessions leaves these tokens; Disconnect ends them.`}
        toolbar={<ActionFeedback feedback={outcome.feedback} onClose={outcome.clear} />}
        errorTitle="Failed to load connected apps."
        empty="No app keeps tokens for this user."
        cardLabel={(app) => app.name}
        minWidth={760}
      />
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? `Disconnect ${asking.name}?` : 'Disconnect?'}
        confirmLabel="Disconnect"
        busyLabel="Disconnecting..."
        busy={disconnect.isPending}
        color="red"
        error={disconnect.error ? serverMessage(disconnect.error, 'The app could not be disconnected.') : null}
        onConfirm={() =>
          asking &&
          disconnect.mutate(
            { userId: user.id, appKey: asking.key },
            {
              onSuccess: () => {
                setAsking(null);
                outcome.succeed(`${asking.name} disconnected.`);
              },
            },
          )
        }
        onClose={() => setAsking(null)}
      >
        {asking && (
          <>
            Every token {asking.name} holds for {userName} ends now
            {asking.offline ? `: it can no longer act for them while they are away` : ''}, and the app is told. Their access is unchanged:
            they can sign in to {asking.name} again.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
