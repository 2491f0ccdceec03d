import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** DELETE /api/admin/users/{id}/sessions/{sid} (204): signs the user out of that one session. */
export function endUserSession({ userId, sid }: { userId: string; sid: string }): Promise<void> {
  return apiClient.delete(`/api/admin/users/${encodeURIComponent(userId)}/sessions/${encodeURIComponent(sid)}`);
}

export function useEndUserSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSession,
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.sessions(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.audit(userId) }),
      ]),
  });
}
