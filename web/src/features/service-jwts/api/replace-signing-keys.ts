import { serviceJwts, type SigningKeysReplaced } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function replaceSigningKeys(): Promise<SigningKeysReplaced> {
  return callEndpoint(serviceJwts.replaceSigningKeys, {});
}

/** Every service JWT is re-issued with the new key: the list's rotation times move. */
export function useReplaceSigningKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.serviceJwts.all, 'replace-signing-keys'],
    mutationFn: replaceSigningKeys,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.serviceJwts.all }),
  });
}
