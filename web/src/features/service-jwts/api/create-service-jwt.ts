import type { ServiceJwtInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/admin/service-jwts: the server stores the configuration and writes its first token at once. */
export function createServiceJwt(body: ServiceJwtInput): Promise<void> {
  return apiClient.post('/api/admin/service-jwts', body);
}

export function useCreateServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.serviceJwts.all, 'create'],
    mutationFn: createServiceJwt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.serviceJwts.all }),
  });
}
