import type { ServiceJwtInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { serviceJwtsQueryKey } from './list-service-jwts.ts';

export interface UpdateServiceJwtVariables {
  id: string;
  body: ServiceJwtInput;
}

export async function updateServiceJwt({ id, body }: UpdateServiceJwtVariables): Promise<void> {
  await apiRequest(`/api/admin/service-jwts/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateServiceJwt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...serviceJwtsQueryKey, 'update'],
    mutationFn: updateServiceJwt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceJwtsQueryKey }),
  });
}
