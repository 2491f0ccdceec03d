import { adminAudit, type ForwardingInput } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * Refreshed while the screen is open, as the backlog and the last delivery move on their own: every 3 s while
 * events wait (the worker is at them), else every 15 s.
 */
export function useForwarding() {
  return useQuery({
    queryKey: queryKeys.activity.forwarding,
    queryFn: ({ signal }) => callEndpoint(adminAudit.forwarding, { signal }),
    refetchInterval: (query) => (query.state.data?.backlog ? 3_000 : 15_000),
  });
}

/** Setting or removing the webhook is itself an event: the list refreshes too. */
function useForwardingChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
  });
}

export const useSetForwarding = () => useForwardingChange((body: ForwardingInput) => callEndpoint(adminAudit.setForwarding, { body }));

export const useRemoveForwarding = () => useForwardingChange(() => callEndpoint(adminAudit.removeForwarding, {}));
