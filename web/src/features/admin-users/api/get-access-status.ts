import { adminUsers, type AccessStatus } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The user's {status} for the app, '' when the user has no access. */
function getAccessStatus(userId: string, appKey: string, signal?: AbortSignal): Promise<AccessStatus> {
  return callEndpoint(adminUsers.accessStatus, { params: { id: userId, appKey }, signal });
}

export function useAccessStatus(userId: string | null, appKey: string | null) {
  return useQuery({
    queryKey: queryKeys.adminUsers.accessStatus(userId ?? '', appKey ?? ''),
    queryFn: ({ signal }) => getAccessStatus(userId!, appKey!, signal),
    enabled: Boolean(userId && appKey),
  });
}

export interface AccessTarget {
  userId: string;
  appKey: string;
}

/** After a change: the answer is the new status; the user's access table and audit log, and the app's players, are read again. */
export function useAccessChanged() {
  const queryClient = useQueryClient();
  return (status: AccessStatus, { userId, appKey }: AccessTarget) => {
    queryClient.setQueryData<AccessStatus>(queryKeys.adminUsers.accessStatus(userId, appKey), status);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.access(userId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.audit(userId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.appAccess(appKey) }),
    ]);
  };
}
