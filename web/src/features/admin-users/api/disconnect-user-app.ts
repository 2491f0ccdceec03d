import { adminUsers } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Ends everything the app holds for the user (its refresh tokens too); the app is told. */
export async function disconnectUserApp({ userId, appKey }: { userId: string; appKey: string }): Promise<void> {
  await callEndpoint(adminUsers.disconnectApp, { params: { id: userId, appKey } });
}

export function useDisconnectUserApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectUserApp,
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.connectedApps(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.audit(userId) }),
      ]),
  });
}
