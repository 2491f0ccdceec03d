import { adminUsers, type EndedUserSessions } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Signs the user out everywhere, and with `disconnectApps` ends every app's grant too; answers how many of each. */
export function endAllUserSessions({ userId, disconnectApps }: { userId: string; disconnectApps: boolean }): Promise<EndedUserSessions> {
  return callEndpoint(adminUsers.endAllSessions, {
    params: { id: userId },
    query: disconnectApps ? { disconnect_apps: 'true' } : {},
  });
}

export function useEndAllUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAllUserSessions,
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.sessions(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.connectedApps(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.audit(userId) }),
      ]),
  });
}
