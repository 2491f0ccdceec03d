import { adminSync, type SyncSchedule, type SyncTarget } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The targets synced by themselves. */
function getSyncSchedules(signal?: AbortSignal): Promise<SyncSchedule[]> {
  return callEndpoint(adminSync.schedules, { signal });
}

export function useSyncSchedules() {
  return useQuery({ queryKey: queryKeys.sync.schedules, queryFn: ({ signal }) => getSyncSchedules(signal), staleTime: 0 });
}

/** Runs `target` every `everyHours` from now on (replaces its schedule; a paused one stays paused). */
export function setSyncSchedule(input: { target: SyncTarget; everyHours: number }): Promise<SyncSchedule> {
  return callEndpoint(adminSync.setSchedule, { params: { target: input.target }, body: { everyHours: input.everyHours } });
}

/** 404 when the target has no schedule. */
export async function removeSyncSchedule(target: SyncTarget): Promise<void> {
  await callEndpoint(adminSync.removeSchedule, { params: { target } });
}

/** Pauses (`pause`) or resumes a schedule; 409 when it already is so. */
export function pauseSyncSchedule(input: { target: SyncTarget; pause: boolean }): Promise<SyncSchedule> {
  return callEndpoint(input.pause ? adminSync.pauseSchedule : adminSync.resumeSchedule, { params: { target: input.target } });
}

/** Each change is followed by reading the schedules again. */
function useScheduleChange<Input, Answer>(change: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sync.schedules }),
  });
}

export const useSetSyncSchedule = () => useScheduleChange(setSyncSchedule);
export const useRemoveSyncSchedule = () => useScheduleChange(removeSyncSchedule);
export const usePauseSyncSchedule = () => useScheduleChange(pauseSyncSchedule);
