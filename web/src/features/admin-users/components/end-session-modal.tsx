import type { SessionRow } from '@portal/contract';
import { Code } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useEndUserSession } from '../api/end-user-session.ts';

interface EndSessionModalProps {
  userId: string;
  userName: string;
  session: SessionRow | null;
  onClose: () => void;
  onEnded: () => void;
}

/** Confirms ending one session; the sessions and the audit log are read again afterwards. */
export function EndSessionModal({ userId, userName, session, onClose, onEnded }: EndSessionModalProps) {
  const end = useEndUserSession();
  const close = () => {
    end.reset();
    onClose();
  };
  const confirm = () => {
    if (!session) return;
    end.mutate(
      { userId, sid: session.sid },
      {
        onSuccess: () => {
          close();
          onEnded();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      opened={session !== null}
      title="End session?"
      confirmLabel="End session"
      busyLabel="Ending..."
      busy={end.isPending}
      color="red"
      error={end.error ? serverMessage(end.error, 'The session could not be ended.') : null}
      onConfirm={confirm}
      onClose={close}
    >
      {session && (
        <>
          {userName} is signed out of {session.app_key ? <Code>{session.app_key}</Code> : 'the portal'} on that device and has to sign in
          again there.
        </>
      )}
    </ConfirmDialog>
  );
}
