import type { ServiceJwtInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { serviceJwtsQueryKey } from './list-service-jwts.ts';

/** POST /api/admin/service-jwts: the server stores the configuration and writes its first token at once. */
export async function createServiceJwt(body: ServiceJwtInput): Promise<void> {
  await apiClient.post('/api/admin/service-jwts', body);
}

export function useCreateServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...serviceJwtsQueryKey, 'create'],
    mutationFn: createServiceJwt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceJwtsQueryKey }),
  });
}
