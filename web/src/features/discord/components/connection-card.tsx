import { Button, Group } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { SectionCard } from '@/components/section-card.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useDisconnectDiscord, useDiscordConnection } from '../api/connection.ts';
import { ConnectionForm } from './connection-form.tsx';
import { ConnectionStatus } from './connection-status.tsx';

/** The connection: whether it works, in words; the application, bot and server; Disconnect. */
export function ConnectionCard() {
  const connection = useDiscordConnection();
  const disconnect = useDisconnectDiscord();
  const [asking, setAsking] = useState(false);
  return (
    <SectionCard
      title="Connection"
      description="The Discord application, its bot and the community’s server. The two secrets are stored encrypted and never shown again."
    >
      {connection.isPending ? (
        <CenteredLoader label="Loading the Discord connection..." />
      ) : connection.isError ? (
        <ErrorAlert title="Failed to load the Discord connection." error={connection.error} onRetry={() => void connection.refetch()} />
      ) : (
        <>
          <ConnectionStatus status={connection.data.status} />
          <ConnectionForm key={`${connection.data.client_id}:${connection.data.guild_id}`} connection={connection.data} />
          {connection.data.connected && (
            <Group justify="flex-end">
              <Button
                variant="light"
                color="red"
                leftSection={<IconPlugConnectedX size={16} aria-hidden />}
                onClick={() => setAsking(true)}
              >
                Disconnect
              </Button>
            </Group>
          )}
          <ConfirmDialog
            opened={asking}
            title="Disconnect Discord?"
            confirmLabel="Disconnect"
            busyLabel="Disconnecting..."
            color="red"
            busy={disconnect.isPending}
            error={disconnect.isError ? serverMessage(disconnect.error, 'Failed to disconnect') : null}
            onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setAsking(false) })}
            onClose={() => setAsking(false)}
          >
            The portal forgets the application, its secrets and bot. Nothing changes in Discord: members keep the roles they hold now.
          </ConfirmDialog>
        </>
      )}
    </SectionCard>
  );
}
