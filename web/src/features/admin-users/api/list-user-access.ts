import { UserAccessRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { adminUsersQueryKey } from './list-users.ts';

/** One user's details: access rows, sessions, audit and per-app status all sit under this key. */
export const userDetailQueryKey = (userId: string) => [...adminUsersQueryKey, 'detail', userId] as const;
export const userAccessQueryKey = (userId: string) => [...userDetailQueryKey(userId), 'access'] as const;

const UserAccessList = UserAccessRow.array();

/** GET /api/admin/users/{id}/access: every app but the portal, with the user's status ('' = none). */
export function listUserAccess(userId: string, signal?: AbortSignal): Promise<UserAccessRow[]> {
  return apiClient.get(`/api/admin/users/${encodeURIComponent(userId)}/access`, UserAccessList, signal);
}

export function useUserAccess(userId: string) {
  return useQuery({ queryKey: userAccessQueryKey(userId), queryFn: ({ signal }) => listUserAccess(userId, signal) });
}
