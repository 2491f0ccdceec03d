import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** DELETE /api/admin/service-jwts/{id} (204); the Kubernetes secret itself is left as it is. */
export function deleteServiceJwt(id: string): Promise<void> {
  return apiClient.delete(`/api/admin/service-jwts/${encodeURIComponent(id)}`);
}

export function useDeleteServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.serviceJwts.all, 'delete'],
    mutationFn: deleteServiceJwt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.serviceJwts.all }),
  });
}
