import { adminGroups, type Group } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The groups and factions a rule may name: the Groups screen's list, read once for both. */
function listGroupOptions(signal?: AbortSignal): Promise<Group[]> {
  return callEndpoint(adminGroups.list, { signal });
}

export function useGroupOptions() {
  return useQuery({ queryKey: queryKeys.groups.list, queryFn: ({ signal }) => listGroupOptions(signal) });
}
