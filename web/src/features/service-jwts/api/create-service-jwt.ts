import { serviceJwts, type ServiceJwtInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The server stores the configuration and writes its first token at once. */
export async function createServiceJwt(body: ServiceJwtInput): Promise<void> {
  await callEndpoint(serviceJwts.create, { body });
}

export function useCreateServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.serviceJwts.all, 'create'],
    mutationFn: createServiceJwt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.serviceJwts.all }),
  });
}
