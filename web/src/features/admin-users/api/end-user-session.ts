import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { userAuditQueryKey } from './list-user-audit.ts';
import { userSessionsQueryKey } from './list-user-sessions.ts';

/** DELETE /api/admin/users/{id}/sessions/{sid} (204): signs the user out of that one session. */
export async function endUserSession({ userId, sid }: { userId: string; sid: string }): Promise<void> {
  await apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/sessions/${encodeURIComponent(sid)}`, { method: 'DELETE' });
}

export function useEndUserSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSession,
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userSessionsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: userAuditQueryKey(userId) }),
      ]),
  });
}
