import { adminGroups, type Group } from '@portal/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Every group an admin keeps, then every SWCombine faction, with their counts and roster reads. */
export function listGroups(signal?: AbortSignal): Promise<Group[]> {
  return callEndpoint(adminGroups.list, { signal });
}

export function useGroups() {
  return useQuery({ queryKey: queryKeys.groups.list, queryFn: ({ signal }) => listGroups(signal) });
}

/**
 * After a change to a group or its members: every group's counts and members are read again, and so is
 * every user's detail (their groups, and the access decisions that follow from them).
 */
export function refreshGroups(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.manage.all }),
  ]);
}
