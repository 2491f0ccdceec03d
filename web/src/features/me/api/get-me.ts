import { me, type CurrentUser } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { shouldRetry } from '@/lib/api-error.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getMe(signal?: AbortSignal): Promise<CurrentUser> {
  return callEndpoint(me.get, { signal });
}

/** The signed-in user; a 401 or no response is never retried, so the session guard redirects at once. */
export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    retry: shouldRetry,
    staleTime: 60_000,
  });
}
