import { adminDiscord } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** What a reconcile would change; changes nothing. */
export function usePreviewReconcile() {
  return useMutation({ mutationFn: () => callEndpoint(adminDiscord.previewReconcile, {}) });
}

/** Reconciles now; the connection (its last run, its status) is read again. */
export function useRunReconcile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(adminDiscord.reconcile, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.discord.connection }),
  });
}
