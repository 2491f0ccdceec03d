import { adminSync, type SyncTarget, type SyncTriggerAnswer } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** 202 once queued; 409 while that target is queued or running. */
export function triggerSync(target: SyncTarget): Promise<SyncTriggerAnswer> {
  return callEndpoint(adminSync.triggerSync, { params: { target } });
}

/** A queued run shows in the history at once, so the history (and the stats) are read again. */
export function useTriggerSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triggerSync,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sync.all }),
  });
}
