import { adminSwc, type SwcBindingQuery, type SwcBindingStatus } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The binding, who authorized it, its scopes and the request budget. */
function getSwcBinding(query: SwcBindingQuery, signal?: AbortSignal): Promise<SwcBindingStatus> {
  return callEndpoint(adminSwc.binding, { query, signal });
}

export function useSwcBinding(query: SwcBindingQuery) {
  return useQuery({
    queryKey: queryKeys.swcBinding(query.tenant_id, query.actor),
    queryFn: ({ signal }) => getSwcBinding(query, signal),
  });
}
