import { adminGroups, type FactionList, type Group } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Every faction SWCombine lists (read once a day by the server), with its group where the portal has one. */
export function listFactions(signal?: AbortSignal): Promise<FactionList> {
  return callEndpoint(adminGroups.factionList, { signal });
}

export function useFactionList() {
  return useQuery({ queryKey: [...queryKeys.groups.all, 'swc-factions'], queryFn: ({ signal }) => listFactions(signal) });
}

/** The group of a listed faction, made when a rule first names it; it joins the groups list at once. */
export function useFactionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (factionUid: string) => callEndpoint(adminGroups.factionGroup, { params: { factionUid } }),
    onSuccess: (group) => {
      queryClient.setQueryData<Group[]>(queryKeys.groups.list, (old) =>
        old && !old.some((g) => g.id === group.id) ? [...old, group] : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
    },
  });
}
