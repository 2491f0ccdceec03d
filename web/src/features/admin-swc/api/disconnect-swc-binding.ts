import { adminSwc, type SwcBindingQuery, type SwcBindingStatus } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Revokes the grant at SWCombine and forgets it; answers the new status. */
export function disconnectSwcBinding(query: SwcBindingQuery): Promise<SwcBindingStatus> {
  return callEndpoint(adminSwc.disconnect, { query });
}

export function useDisconnectSwcBinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectSwcBinding,
    onSuccess: (status, query) => queryClient.setQueryData(queryKeys.swcBinding(query.tenant_id, query.actor), status),
  });
}
