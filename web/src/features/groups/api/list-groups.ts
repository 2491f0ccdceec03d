import { adminGroups, type Group } from '@portal/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Every group an admin keeps, then every SWCombine faction, with their counts and roster reads. */
export function listGroups(signal?: AbortSignal): Promise<Group[]> {
  return callEndpoint(adminGroups.list, { signal });
}

/** `followWhile`: read again every 2 s while it holds for the groups last read (roster reads an admin asked for are running). */
export function useGroups({ followWhile }: { followWhile?: (groups: Group[]) => boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.groups.list,
    queryFn: ({ signal }) => listGroups(signal),
    refetchInterval: (query) => (followWhile && query.state.data && followWhile(query.state.data) ? 2_000 : false),
  });
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
