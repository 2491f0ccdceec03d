import { adminSync, type SyncRun } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** How many runs the screen lists. */
const HISTORY_LIMIT = 10;
/** While a run is queued or running, the history is read again this often so it shows the run finish. */
const ACTIVE_POLL_MS = 5_000;

export function isRunActive(run: SyncRun): boolean {
  return run.status === 'queued' || run.status === 'running';
}

/** The latest runs, newest first. */
async function getSyncHistory(limit: number, signal?: AbortSignal): Promise<SyncRun[]> {
  const history = await callEndpoint(adminSync.history, { query: { limit: String(limit) }, signal });
  return history.runs;
}

/** A failed read is only logged: the screen keeps what it showed (or nothing) and offers Refresh. */
export function useSyncHistory(limit = HISTORY_LIMIT) {
  const query = useQuery({
    queryKey: queryKeys.sync.history(limit),
    queryFn: ({ signal }) => getSyncHistory(limit, signal),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.some(isRunActive) ? ACTIVE_POLL_MS : false),
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load the sync history', error);
  }, [error]);
  return query;
}
