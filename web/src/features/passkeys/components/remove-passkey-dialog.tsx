import type { Passkey } from '@portal/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { passkeyFailure } from '../api/browser-error.ts';

interface RemovePasskeyDialogProps {
  passkey: Passkey | null;
  remove: UseMutationResult<unknown, Error, string>;
  children: ReactNode;
  onClose: () => void;
  onDone: (name: string) => void;
}

/** Confirms removing a passkey: it can no longer sign in or confirm. */
export function RemovePasskeyDialog({ passkey, remove, children, onClose, onDone }: RemovePasskeyDialogProps) {
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={passkey !== null}
      title={passkey ? `Remove ${passkey.name}?` : 'Remove passkey?'}
      confirmLabel="Remove"
      busyLabel="Removing..."
      busy={remove.isPending}
      color="red"
      error={remove.error ? passkeyFailure(remove.error, 'The passkey could not be removed.') : null}
      onConfirm={() =>
        passkey &&
        remove.mutate(passkey.id, {
          onSuccess: () => {
            close();
            onDone(passkey.name);
          },
        })
      }
      onClose={close}
    >
      {children}
    </ConfirmDialog>
  );
}
