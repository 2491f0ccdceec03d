import { adminUsers } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The apps holding a grant for the user: what their own account page lists. */
function listUserConnectedApps(userId: string, signal?: AbortSignal) {
  return callEndpoint(adminUsers.connectedApps, { params: { id: userId }, signal });
}

export function useUserConnectedApps(userId: string) {
  return useQuery({
    queryKey: queryKeys.adminUsers.connectedApps(userId),
    queryFn: ({ signal }) => listUserConnectedApps(userId, signal),
  });
}
