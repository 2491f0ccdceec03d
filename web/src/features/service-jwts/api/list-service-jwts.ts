import { serviceJwts, type ServiceJwtConfig } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Every configuration (never a token). */
export function listServiceJwts(signal?: AbortSignal): Promise<ServiceJwtConfig[]> {
  return callEndpoint(serviceJwts.list, { signal });
}

export function useServiceJwts() {
  return useQuery({ queryKey: queryKeys.serviceJwts.all, queryFn: ({ signal }) => listServiceJwts(signal) });
}
