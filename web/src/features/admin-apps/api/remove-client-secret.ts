import { adminApps } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The app becomes a public client again; 404 with a message when it had no secret. */
export async function removeClientSecret(appId: string): Promise<void> {
  await callEndpoint(adminApps.removeClientSecret, { params: { id: appId } });
}

export function useRemoveClientSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeClientSecret(appId),
    // A 404 means someone removed it meanwhile: read the client again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.oidcClient(appId) }),
  });
}
