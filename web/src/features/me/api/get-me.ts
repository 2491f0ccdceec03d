import { CurrentUser } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { shouldRetry } from '@/lib/api-error.ts';

export const meQueryKey = ['me'] as const;

export function getMe(signal?: AbortSignal): Promise<CurrentUser> {
  return apiClient.get('/api/me', CurrentUser, signal);
}

/** The signed-in user; a 401 or no response is never retried, so the session guard redirects at once. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    retry: shouldRetry,
    staleTime: 60_000,
  });
}
