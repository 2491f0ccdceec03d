import { serverMessage } from '@/lib/api-error.ts';

/** The browser's passkey prompt failed (cancelled, no passkey, no support): not the server's answer, nor a lost session. */
class PasskeyPromptError extends Error {
  override readonly name = 'PasskeyPromptError';
}

/** What the browser's passkey prompt failing means, in words. */
export function browserPasskeyError(err: unknown, action: 'create' | 'use'): PasskeyPromptError {
  const name = (err as { cause?: { name?: string } } | null)?.cause?.name ?? (err as { name?: string } | null)?.name;
  const message =
    name === 'NotAllowedError'
      ? action === 'create'
        ? 'The passkey was not created: the prompt was cancelled or timed out.'
        : 'No passkey was used: the prompt was cancelled or timed out, or this device has no passkey for this site.'
      : name === 'InvalidStateError'
        ? 'This authenticator already holds a passkey for your account.'
        : `This browser could not ${action} a passkey: ${(err as Error | null)?.message ?? 'unknown error'}.`;
  return new PasskeyPromptError(message);
}

/** A passkey action's failure for the screen: the prompt's words, else the server's message, else `fallback`. */
export const passkeyFailure = (err: unknown, fallback: string) =>
  err instanceof PasskeyPromptError ? err.message : serverMessage(err, fallback);
