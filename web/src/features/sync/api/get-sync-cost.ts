import { adminSync, type SyncRunCost, type SyncTarget } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** What a run of `target` would spend now, as the server works it out from what the sync knows. */
function getSyncCost(target: SyncTarget, signal?: AbortSignal): Promise<SyncRunCost> {
  return callEndpoint(adminSync.cost, { params: { target }, signal });
}

/** Read afresh each time it is asked for (`enabled`: while the question is open). */
export function useSyncCost(target: SyncTarget, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.sync.cost(target),
    queryFn: ({ signal }) => getSyncCost(target, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
