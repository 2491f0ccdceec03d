import { adminUsers, type UserAccessRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Every app but the portal, with the user's status ('' = none). */
function listUserAccess(userId: string, signal?: AbortSignal): Promise<UserAccessRow[]> {
  return callEndpoint(adminUsers.access, { params: { id: userId }, signal });
}

export function useUserAccess(userId: string) {
  return useQuery({ queryKey: queryKeys.adminUsers.access(userId), queryFn: ({ signal }) => listUserAccess(userId, signal) });
}
