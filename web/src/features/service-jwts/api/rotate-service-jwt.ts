import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { serviceJwtsQueryKey } from './list-service-jwts.ts';

/** POST /api/admin/service-jwts/{id}/rotate-now: a 502 `rotation_failed` means the secret write failed. */
export async function rotateServiceJwt(id: string): Promise<void> {
  await apiClient.post(`/api/admin/service-jwts/${encodeURIComponent(id)}/rotate-now`, undefined);
}

/** Refreshes on failure too: a failed attempt is still recorded in the rotation history. */
export function useRotateServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...serviceJwtsQueryKey, 'rotate'],
    mutationFn: rotateServiceJwt,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceJwtsQueryKey }),
  });
}
