import type { ConnectedApp } from '@portal/contract';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useDisconnectApp } from '../api/disconnect-app.ts';

interface DisconnectAppDialogProps {
  app: ConnectedApp | null;
  onClose: () => void;
  onDone: (name: string) => void;
}

/** Says what Disconnect does before it does it. */
export function DisconnectAppDialog({ app, onClose, onDone }: DisconnectAppDialogProps) {
  const disconnect = useDisconnectApp();
  const close = () => {
    disconnect.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={app !== null}
      title={app ? `Disconnect ${app.name}?` : 'Disconnect?'}
      confirmLabel="Disconnect"
      busyLabel="Disconnecting..."
      busy={disconnect.isPending}
      color="red"
      error={disconnect.error ? serverMessage(disconnect.error, 'The app could not be disconnected.') : null}
      onConfirm={() =>
        app &&
        disconnect.mutate(app.key, {
          onSuccess: () => {
            close();
            onDone(app.name);
          },
        })
      }
      onClose={close}
    >
      {app && (
        <>
          Every token {app.name} holds for you ends now
          {app.offline ? ': it can no longer act for you while you are away' : ''}, and it is told you signed out. You can still open{' '}
          {app.name}; it asks you to sign in again.
        </>
      )}
    </ConfirmDialog>
  );
}
