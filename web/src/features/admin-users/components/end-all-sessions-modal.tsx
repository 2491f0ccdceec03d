import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useEndAllUserSessions } from '../api/end-all-user-sessions.ts';

interface EndAllSessionsModalProps {
  opened: boolean;
  userId: string;
  userName: string;
  /** Live sessions as last counted, for the question. */
  count: number;
  onClose: () => void;
  onEnded: (ended: number) => void;
}

/** Confirms signing the user out everywhere; the sessions and the audit log are read again afterwards. */
export function EndAllSessionsModal({ opened, userId, userName, count, onClose, onEnded }: EndAllSessionsModalProps) {
  const end = useEndAllUserSessions();
  const close = () => {
    end.reset();
    onClose();
  };
  const confirm = () =>
    end.mutate(userId, {
      onSuccess: ({ ended }) => {
        close();
        onEnded(ended);
      },
    });
  return (
    <ConfirmDialog
      opened={opened}
      title="End all sessions?"
      confirmLabel="End all sessions"
      busyLabel="Ending..."
      busy={end.isPending}
      color="red"
      error={end.error ? serverMessage(end.error, 'The sessions could not be ended.') : null}
      onConfirm={confirm}
      onClose={close}
    >
      {userName} is signed out everywhere: {count === 1 ? 'the one active session ends' : `all ${count} active sessions end`}, and they have
      to sign in again on each device.
    </ConfirmDialog>
  );
}
