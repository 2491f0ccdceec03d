import { adminUsers, type AdminUser } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** One user, for their page; 404 when there is none with this id. */
function getUser(userId: string, signal?: AbortSignal): Promise<AdminUser> {
  return callEndpoint(adminUsers.get, { params: { id: userId }, signal });
}

export function useAdminUser(userId: string) {
  return useQuery({ queryKey: queryKeys.adminUsers.user(userId), queryFn: ({ signal }) => getUser(userId, signal) });
}
