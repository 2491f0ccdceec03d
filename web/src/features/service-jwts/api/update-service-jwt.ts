import { serviceJwts, type ServiceJwtInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

interface UpdateServiceJwtVariables {
  id: string;
  body: ServiceJwtInput;
}

/** Replaces the configuration with the whole body. */
export async function updateServiceJwt({ id, body }: UpdateServiceJwtVariables): Promise<void> {
  await callEndpoint(serviceJwts.update, { params: { id }, body });
}

export function useUpdateServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.serviceJwts.all, 'update'],
    mutationFn: updateServiceJwt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.serviceJwts.all }),
  });
}
