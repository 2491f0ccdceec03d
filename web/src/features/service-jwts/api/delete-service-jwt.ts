import { serviceJwts } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The Kubernetes secret itself is left as it is. */
export async function deleteServiceJwt(id: string): Promise<void> {
  await callEndpoint(serviceJwts.remove, { params: { id } });
}

export function useDeleteServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.serviceJwts.all, 'delete'],
    mutationFn: deleteServiceJwt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.serviceJwts.all }),
  });
}
