import { radiantMgmt, type SyncSchedule, type SyncTarget } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The targets synced by themselves. */
export function getSyncSchedules(signal?: AbortSignal): Promise<SyncSchedule[]> {
  return callEndpoint(radiantMgmt.schedules, { signal });
}

export function useSyncSchedules() {
  return useQuery({ queryKey: queryKeys.radiantMgmt.schedules, queryFn: ({ signal }) => getSyncSchedules(signal), staleTime: 0 });
}

/** Runs `target` every `everyHours` from now on (replaces its schedule). */
export function setSyncSchedule(input: { target: SyncTarget; everyHours: number }): Promise<SyncSchedule> {
  return callEndpoint(radiantMgmt.setSchedule, { params: { target: input.target }, body: { everyHours: input.everyHours } });
}

/** 404 when the target has no schedule. */
export async function removeSyncSchedule(target: SyncTarget): Promise<void> {
  await callEndpoint(radiantMgmt.removeSchedule, { params: { target } });
}

export function useSetSyncSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSyncSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.radiantMgmt.schedules }),
  });
}

export function useRemoveSyncSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSyncSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.radiantMgmt.schedules }),
  });
}
