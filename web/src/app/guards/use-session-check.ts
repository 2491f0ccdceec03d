import type { CurrentUser } from '@portal/contract';
import { isNoAnswer, isSessionFailure } from '@/lib/api-error.ts';
import { useMe } from '@/features/me/api/get-me.ts';

/** What /api/me has said about the visitor so far. */
export type SessionCheck =
  { status: 'checking' } | { status: 'signed-out' } | { status: 'signed-in'; user: CurrentUser } | { status: 'failed'; retry: () => void };

/**
 * A settled 401 means signed out, even while a user from an earlier answer is still cached (the session
 * ended meanwhile). No response at all means signed out only on the first check: once signed in, a server
 * that cannot be reached says nothing about the session, and leaving would throw away what was typed.
 * Any other settled failure can be retried.
 */
export function useSessionCheck(): SessionCheck {
  const { data, error, isError, isFetching, refetch } = useMe();
  const settledError = isError && !isFetching;
  const stillSignedIn = data !== undefined && isNoAnswer(error);
  if (settledError && isSessionFailure(error) && !stillSignedIn) return { status: 'signed-out' };
  if (data) return { status: 'signed-in', user: data };
  if (settledError) return { status: 'failed', retry: () => void refetch() };
  return { status: 'checking' };
}
