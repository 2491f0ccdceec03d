import type { AccountSession } from '@portal/contract';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { signOutElsewhere, signOutSession, useSignOut } from '../api/sign-out.ts';

interface SignOutSessionDialogProps {
  session: AccountSession | null;
  onClose: () => void;
  onDone: (device: string) => void;
}

/** Confirms signing out one other session. */
export function SignOutSessionDialog({ session, onClose, onDone }: SignOutSessionDialogProps) {
  const end = useSignOut(signOutSession);
  const close = () => {
    end.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={session !== null}
      title={session ? `Sign out ${session.device}?` : 'Sign out?'}
      confirmLabel="Sign out"
      busyLabel="Signing out..."
      busy={end.isPending}
      color="red"
      error={end.error ? serverMessage(end.error, 'The session could not be signed out.') : null}
      onConfirm={() =>
        session &&
        end.mutate(session.sid, {
          onSuccess: () => {
            close();
            onDone(session.device);
          },
        })
      }
      onClose={close}
    >
      That browser is signed out of the platform, and of the apps it signed in to through it, at once. Whoever uses it has to sign in with
      SWCombine again.
    </ConfirmDialog>
  );
}

interface SignOutElsewhereDialogProps {
  opened: boolean;
  count: number;
  onClose: () => void;
  onDone: (ended: number) => void;
}

/** Confirms signing out every session but this browser's. */
export function SignOutElsewhereDialog({ opened, count, onClose, onDone }: SignOutElsewhereDialogProps) {
  const end = useSignOut(signOutElsewhere);
  const close = () => {
    end.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={opened}
      title="Sign out everywhere else?"
      confirmLabel="Sign out everywhere else"
      busyLabel="Signing out..."
      busy={end.isPending}
      color="red"
      error={end.error ? serverMessage(end.error, 'The other sessions could not be signed out.') : null}
      onConfirm={() =>
        end.mutate(undefined, {
          onSuccess: (ended) => {
            close();
            onDone(ended);
          },
        })
      }
      onClose={close}
    >
      {count === 1 ? 'The other browser' : `The ${count} other browsers and devices`} where you are signed in {count === 1 ? 'is' : 'are'}{' '}
      signed out at once. This one stays signed in.
    </ConfirmDialog>
  );
}
