import { manageGroups, type ManagedGroup } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The groups the signed-in player manages, with members, requests waiting and apps. */
export function listManagedGroups(signal?: AbortSignal): Promise<ManagedGroup[]> {
  return callEndpoint(manageGroups.groups, { signal });
}

export function useManagedGroups() {
  return useQuery({ queryKey: queryKeys.manage.groups, queryFn: ({ signal }) => listManagedGroups(signal) });
}
