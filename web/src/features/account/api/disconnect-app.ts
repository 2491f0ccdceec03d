import { account } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Ends everything the app holds for the player. */
export async function disconnectApp(appKey: string): Promise<void> {
  await callEndpoint(account.disconnectApp, { params: { appKey } });
}

export function useDisconnectApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectApp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
  });
}
