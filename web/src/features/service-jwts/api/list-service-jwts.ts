import { ServiceJwtConfigList, type ServiceJwtConfig } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/admin/service-jwts: every configuration (never a token). */
export function listServiceJwts(signal?: AbortSignal): Promise<ServiceJwtConfig[]> {
  return apiClient.get('/api/admin/service-jwts', ServiceJwtConfigList, signal);
}

export function useServiceJwts() {
  return useQuery({ queryKey: queryKeys.serviceJwts.all, queryFn: ({ signal }) => listServiceJwts(signal) });
}
