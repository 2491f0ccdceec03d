import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isSessionFailure, shouldRetry } from '@/lib/api-error.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * One client for the app. A 401 or no response on any other call makes the session guard check
 * /api/me again; if that fails too, the guard redirects to /login, once.
 */
export function createQueryClient(): QueryClient {
  const recheckSession = (error: unknown, queryKey?: readonly unknown[]) => {
    if (!isSessionFailure(error) || queryKey?.[0] === queryKeys.me[0]) return;
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
