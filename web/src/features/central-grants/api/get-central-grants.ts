import { adminCentralGrants, type CentralGrants } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The central scopes (scp) and roles a user holds for an app. */
function getCentralGrants(userId: string, appId: string, signal?: AbortSignal): Promise<CentralGrants> {
  return callEndpoint(adminCentralGrants.get, { query: { userId, appId }, signal });
}

export function useCentralGrants(userId: string, appId: string) {
  return useQuery({ queryKey: queryKeys.centralGrants(userId, appId), queryFn: ({ signal }) => getCentralGrants(userId, appId, signal) });
}
