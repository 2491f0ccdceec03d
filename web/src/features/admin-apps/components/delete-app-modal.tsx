import type { App } from '@portal/contract';
import { Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useDeleteApp } from '../api/delete-app.ts';

interface DeleteAppModalProps {
  app: App | null;
  onClose: () => void;
  onDeleted: (app: App) => void;
}

/** Delete asks 'Delete app?' first. */
export function DeleteAppModal({ app, onClose, onDeleted }: DeleteAppModalProps) {
  const remove = useDeleteApp();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!app) return;
    remove.mutate(app.id, {
      onSuccess: () => {
        remove.reset();
        onDeleted(app);
      },
    });
  };
  return (
    <ConfirmDialog
      opened={app !== null}
      title="Delete app?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      color="red"
      error={remove.error ? serverMessage(remove.error, 'Delete failed') : null}
      onConfirm={confirm}
      onClose={close}
    >
      {app && (
        <>
          <Text span fw={600}>
            {app.name}
          </Text>{' '}
          ({app.key}) is removed from the catalog, with its access grants, consents and roles. This cannot be undone.
        </>
      )}
    </ConfirmDialog>
  );
}
