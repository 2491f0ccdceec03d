import { adminAudit, type ForwardingInput } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Refreshed every 15 s while the screen is open: the backlog and the last delivery move on their own. */
export function useForwarding() {
  return useQuery({
    queryKey: queryKeys.activity.forwarding,
    queryFn: ({ signal }) => callEndpoint(adminAudit.forwarding, { signal }),
    refetchInterval: 15_000,
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
