import { adminGroups, type Group } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { refreshGroups } from './list-groups.ts';

/** Shows the group to every app, or only to the apps whose access rules name it. */
export function showGroupToApps({ id, shown }: { id: string; shown: boolean }): Promise<Group> {
  return callEndpoint(adminGroups.showToApps, { params: { id }, body: { shown_to_apps: shown } });
}

export function useShowGroupToApps() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: showGroupToApps, onSuccess: () => refreshGroups(queryClient) });
}
