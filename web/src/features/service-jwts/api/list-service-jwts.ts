import { ServiceJwtConfigList, type ServiceJwtConfig } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

/** The prefix of every service-JWT query: invalidating it refreshes the list and any open history. */
export const serviceJwtsQueryKey = ['admin', 'service-jwts'] as const;

export function listServiceJwts(signal?: AbortSignal): Promise<ServiceJwtConfig[]> {
  return apiClient.get('/api/admin/service-jwts', ServiceJwtConfigList, signal);
}

export function useServiceJwts() {
  return useQuery({ queryKey: serviceJwtsQueryKey, queryFn: ({ signal }) => listServiceJwts(signal) });
}
