import { adminSync, type SyncTargetStats } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { isRunActive } from './get-sync-history.ts';

/** Rows stored, the last complete sync and the details backlog of each target. */
function getSyncTargets(signal?: AbortSignal): Promise<SyncTargetStats[]> {
  return callEndpoint(adminSync.targets, { signal });
}

/** While details are still being read, the figures are read again this often so the backlog shrinks on screen. */
const FILLING_POLL_MS = 30_000;
/** While a target's own run is queued or running, its row follows it as Recent Jobs does. */
const ACTIVE_POLL_MS = 5_000;

const filling = (stats: readonly SyncTargetStats[] | undefined) => stats?.some((s) => s.details && s.details.filled < s.details.rows);
const running = (stats: readonly SyncTargetStats[] | undefined) => stats?.some((s) => s.latestRun && isRunActive(s.latestRun));

export function useSyncTargets() {
  return useQuery({
    queryKey: queryKeys.sync.targets,
    queryFn: ({ signal }) => getSyncTargets(signal),
    staleTime: 0,
    refetchInterval: (q) => (running(q.state.data) ? ACTIVE_POLL_MS : filling(q.state.data) ? FILLING_POLL_MS : false),
  });
}
