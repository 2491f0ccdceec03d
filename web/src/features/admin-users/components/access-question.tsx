import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { serverMessage } from '@/lib/api-error.ts';
import { useRevokeAccess } from '../api/revoke-access.ts';
import { useSuspendAccess } from '../api/suspend-access.ts';

/** One user's access to one app, as the screen names them (for the question and the outcome). */
export interface AccessTarget {
  userId: string;
  appKey: string;
  userName: string;
  appName: string;
}

/** Suspend and Revoke end what the player holds on the app: each is asked first. */
export interface AccessQuestion {
  kind: 'suspend' | 'revoke';
  target: AccessTarget;
}

const WORDS = {
  suspend: {
    title: ({ userName, appName }: AccessTarget) => `Suspend ${userName} on ${appName}?`,
    body: ({ userName, appName }: AccessTarget) =>
      `${userName} is signed out of ${appName}, its tokens for them end now, and they cannot open it until the suspension is lifted. No rule admits them meanwhile.`,
    confirm: 'Suspend',
    busy: 'Suspending...',
    color: 'yellow',
    failed: 'The access could not be suspended.',
    done: 'Access suspended for',
  },
  revoke: {
    title: () => 'Revoke access?',
    body: ({ userName, appName }: AccessTarget) => `${userName} can no longer open ${appName} until access is granted again.`,
    confirm: 'Revoke',
    busy: 'Revoking...',
    color: 'red',
    failed: 'The access could not be revoked.',
    done: 'Access revoked for',
  },
} as const;

interface AccessQuestionDialogProps {
  /** What is asked; null while nothing is. */
  question: AccessQuestion | null;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** The question before a suspension or a revocation, naming the player and the app. */
export function AccessQuestionDialog({ question, onClose, onDone }: AccessQuestionDialogProps) {
  const suspend = useSuspendAccess();
  const revoke = useRevokeAccess();
  // The dialog fades out after the answer: it keeps the words of the question it asked until then.
  const [shown, setShown] = useState(question);
  if (question !== null && question !== shown) setShown(question);
  const mutation = shown?.kind === 'suspend' ? suspend : revoke;
  const words = WORDS[shown?.kind ?? 'revoke'];
  const close = () => {
    suspend.reset();
    revoke.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={question !== null}
      title={shown ? words.title(shown.target) : ''}
      confirmLabel={words.confirm}
      busyLabel={words.busy}
      busy={mutation.isPending}
      color={words.color}
      error={mutation.error ? serverMessage(mutation.error, words.failed) : null}
      onConfirm={() => {
        if (!question) return;
        const { target } = question;
        mutation.mutate(target, {
          onSuccess: () => {
            close();
            onDone(`${words.done} ${target.userName} on ${target.appName}.`);
          },
        });
      }}
      onClose={close}
    >
      {shown && words.body(shown.target)}
    </ConfirmDialog>
  );
}
