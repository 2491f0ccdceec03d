import { AccessStatus } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { userAccessQueryKey, userDetailQueryKey } from './list-user-access.ts';

export const accessStatusQueryKey = (userId: string, appKey: string) => [...userDetailQueryKey(userId), 'apps', appKey] as const;

export const accessPath = (userId: string, appKey: string) =>
  `/api/admin/users/${encodeURIComponent(userId)}/apps/${encodeURIComponent(appKey)}`;

/** GET /api/admin/users/{id}/apps/{appKey}: {status}, '' when the user has no access. */
export function getAccessStatus(userId: string, appKey: string, signal?: AbortSignal): Promise<AccessStatus> {
  return apiClient.get(accessPath(userId, appKey), AccessStatus, signal);
}

export function useAccessStatus(userId: string | null, appKey: string | null) {
  return useQuery({
    queryKey: accessStatusQueryKey(userId ?? '', appKey ?? ''),
    queryFn: ({ signal }) => getAccessStatus(userId!, appKey!, signal),
    enabled: Boolean(userId && appKey),
  });
}

export interface AccessTarget {
  userId: string;
  appKey: string;
}

/** After a change: the answer is the new status; the user's access table is read again. */
export function useAccessChanged() {
  const queryClient = useQueryClient();
  return (status: AccessStatus, { userId, appKey }: AccessTarget) => {
    queryClient.setQueryData<AccessStatus>(accessStatusQueryKey(userId, appKey), status);
    return queryClient.invalidateQueries({ queryKey: userAccessQueryKey(userId) });
  };
}
