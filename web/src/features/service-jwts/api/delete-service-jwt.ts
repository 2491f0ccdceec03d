import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { serviceJwtsQueryKey } from './list-service-jwts.ts';

/** DELETE /api/admin/service-jwts/{id} (204); the Kubernetes secret itself is left as it is. */
export async function deleteServiceJwt(id: string): Promise<void> {
  await apiRequest(`/api/admin/service-jwts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...serviceJwtsQueryKey, 'delete'],
    mutationFn: deleteServiceJwt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceJwtsQueryKey }),
  });
}
