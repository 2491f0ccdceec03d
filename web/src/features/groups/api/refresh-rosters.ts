import { adminGroups, type RosterRefresh } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Queues a read of every faction roster a connected binding may read (202). */
export function refreshRosters(): Promise<RosterRefresh> {
  return callEndpoint(adminGroups.refreshRosters, {});
}

export function useRefreshRosters() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refreshRosters, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }) });
}
