import { serviceJwts } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** A 502 `rotation_failed` means the secret write failed. */
export async function rotateServiceJwt(id: string): Promise<void> {
  await callEndpoint(serviceJwts.rotateNow, { params: { id } });
}

/** Refreshes on failure too: a failed attempt is still recorded in the rotation history. */
export function useRotateServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.serviceJwts.all, 'rotate'],
    mutationFn: rotateServiceJwt,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.serviceJwts.all }),
  });
}
