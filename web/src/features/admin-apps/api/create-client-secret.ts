import { adminApps, type ClientSecret } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** A new secret, answered this once; it replaces the one before, which stops working. */
export function createClientSecret(appId: string): Promise<ClientSecret> {
  return callEndpoint(adminApps.createClientSecret, { params: { id: appId } });
}

export function useCreateClientSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createClientSecret(appId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.oidcClient(appId) }),
  });
}
