import { me, type AutomationToken } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export async function setAuthToken(enabled: boolean): Promise<void> {
  await callEndpoint(me.setAutomationToken, { body: { enabled } });
}

/**
 * Optimistic: the checkbox flips at once. A failure is ignored silently: no message, the previous
 * value comes back and the stored value is read again.
 */
export function useSetAuthToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAuthToken,
    onMutate: async (enabled) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.automationToken });
      const previous = queryClient.getQueryData<AutomationToken>(queryKeys.automationToken);
      queryClient.setQueryData<AutomationToken>(queryKeys.automationToken, { enabled });
      return { previous: previous ?? { enabled: !enabled } };
    },
    onError: (_error, _enabled, context) => {
      if (context) queryClient.setQueryData<AutomationToken>(queryKeys.automationToken, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.automationToken }),
  });
}
