import { SyncTriggerAnswer, type SyncTarget } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/admin/radiant-mgmt/sync/{target}: 202 once queued; 409 while that target is queued or running. */
export function triggerSync(target: SyncTarget): Promise<SyncTriggerAnswer> {
  return apiClient.post(`/api/admin/radiant-mgmt/sync/${encodeURIComponent(target)}`, undefined, SyncTriggerAnswer);
}

/** A queued run shows in the history at once, so the history (and the stats) are read again. */
export function useTriggerSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triggerSync,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.radiantMgmt.all }),
  });
}
