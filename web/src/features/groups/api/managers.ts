import { adminGroupManagers, type GroupManager } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { refreshGroups } from './list-groups.ts';

/** The players who manage a group (admins). */
function getManagers(groupId: string, signal?: AbortSignal): Promise<GroupManager[]> {
  return callEndpoint(adminGroupManagers.managers, { params: { id: groupId }, signal });
}

export function useManagers(groupId: string) {
  return useQuery({ queryKey: queryKeys.groups.managers(groupId), queryFn: ({ signal }) => getManagers(groupId, signal) });
}

/** Makes exactly these players the group's managers (a UID never seen becomes a user). */
export function setManagers({ groupId, uids }: { groupId: string; uids: string[] }): Promise<GroupManager[]> {
  return callEndpoint(adminGroupManagers.setManagers, { params: { id: groupId }, body: { uids } });
}

export function useSetManagers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setManagers, onSuccess: () => refreshGroups(queryClient) });
}
