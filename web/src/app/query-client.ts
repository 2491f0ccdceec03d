import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isSignedOut, shouldRetry } from '@/lib/api-error.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * One client for the app. A 401 on any other call makes the session guard check /api/me again; if that
 * answers 401 too, the guard redirects to /login, once. No answer at all says nothing about the session: the
 * screen keeps what was typed and offers to try again.
 */
export function createQueryClient(): QueryClient {
  const recheckSession = (error: unknown, queryKey?: readonly unknown[]) => {
    if (!isSignedOut(error) || queryKey?.[0] === queryKeys.me[0]) return;
    // Until /api/me has answered (the dashboard's apps are asked alongside it), that answer decides alone.
    if (queryClient.getQueryState(queryKeys.me)?.status !== 'success') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => recheckSession(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => recheckSession(error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
