import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/admin/service-jwts/{id}/rotate-now: a 502 `rotation_failed` means the secret write failed. */
export function rotateServiceJwt(id: string): Promise<void> {
  return apiClient.post(`/api/admin/service-jwts/${encodeURIComponent(id)}/rotate-now`);
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
