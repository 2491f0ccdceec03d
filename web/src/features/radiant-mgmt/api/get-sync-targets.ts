import { radiantMgmt, type SyncTargetStats } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Rows stored and the last complete sync of each target. */
export function getSyncTargets(signal?: AbortSignal): Promise<SyncTargetStats[]> {
  return callEndpoint(radiantMgmt.targets, { signal });
}

export function useSyncTargets() {
  return useQuery({ queryKey: queryKeys.radiantMgmt.targets, queryFn: ({ signal }) => getSyncTargets(signal), staleTime: 0 });
}
