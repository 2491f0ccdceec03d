import { adminUsers, type EndedSessions } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Signs the user out everywhere; answers how many sessions ended. */
export function endAllUserSessions(userId: string): Promise<EndedSessions> {
  return callEndpoint(adminUsers.endAllSessions, { params: { id: userId } });
}

export function useEndAllUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAllUserSessions,
    onSuccess: (_data, userId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.sessions(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.audit(userId) }),
      ]),
  });
}
