import { adminCentralGrants, type CentralGrants } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The body of every grant/revoke call. */
export interface GrantTarget {
  userId: string;
  appId: string;
  value: string;
}

/** The central scopes (scp) and roles a user holds for an app. */
export function getCentralGrants(userId: string, appId: string, signal?: AbortSignal): Promise<CentralGrants> {
  return callEndpoint(adminCentralGrants.get, { query: { userId, appId }, signal });
}

export function useCentralGrants(userId: string, appId: string) {
  return useQuery({ queryKey: queryKeys.centralGrants(userId, appId), queryFn: ({ signal }) => getCentralGrants(userId, appId, signal) });
}

/** Every change answers the new {scp, roles}: shown at once, no second read; the user's audit log is read again. */
export function useCentralGrantsChanged() {
  const queryClient = useQueryClient();
  return (data: CentralGrants, { userId, appId }: GrantTarget) => {
    queryClient.setQueryData<CentralGrants>(queryKeys.centralGrants(userId, appId), data);
    return queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.audit(userId) });
  };
}
