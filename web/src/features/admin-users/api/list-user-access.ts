import { UserAccessRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const UserAccessList = UserAccessRow.array();

/** GET /api/admin/users/{id}/access: every app but the portal, with the user's status ('' = none). */
export function listUserAccess(userId: string, signal?: AbortSignal): Promise<UserAccessRow[]> {
  return apiClient.get(`/api/admin/users/${encodeURIComponent(userId)}/access`, UserAccessList, signal);
}

export function useUserAccess(userId: string) {
  return useQuery({ queryKey: queryKeys.adminUsers.access(userId), queryFn: ({ signal }) => listUserAccess(userId, signal) });
}
