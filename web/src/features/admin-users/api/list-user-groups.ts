import { adminGroups, type UserGroup } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The groups and factions a player is in (or left, while a rule's grace period still counts them). */
export function listUserGroups(userId: string, signal?: AbortSignal): Promise<UserGroup[]> {
  return callEndpoint(adminGroups.userGroups, { params: { id: userId }, signal });
}

export function useUserGroups(userId: string) {
  return useQuery({ queryKey: queryKeys.adminUsers.groups(userId), queryFn: ({ signal }) => listUserGroups(userId, signal) });
}
