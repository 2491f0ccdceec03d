import type { CurrentUser } from '@portal/contract';
import { isSessionFailure } from '@/lib/api-error.ts';
import { useMe } from '@/features/me/api/get-me.ts';

/** What /api/me has said about the visitor so far. */
export type SessionCheck =
  { status: 'checking' } | { status: 'signed-out' } | { status: 'signed-in'; user: CurrentUser } | { status: 'failed'; retry: () => void };

/**
 * A settled 401 or no response means signed out, even while a user from an earlier answer is still
 * cached (the session ended meanwhile); any other settled failure can be retried.
 */
export function useSessionCheck(): SessionCheck {
  const { data, error, isError, isFetching, refetch } = useMe();
  const settledError = isError && !isFetching;
  if (settledError && isSessionFailure(error)) return { status: 'signed-out' };
  if (data) return { status: 'signed-in', user: data };
  if (settledError) return { status: 'failed', retry: () => void refetch() };
  return { status: 'checking' };
}
