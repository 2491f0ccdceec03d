import { adminUsers } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Signs the user out of that one session. */
export async function endUserSession({ userId, sid }: { userId: string; sid: string }): Promise<void> {
  await callEndpoint(adminUsers.endSession, { params: { id: userId, sid } });
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
