import { me, type AutomationToken } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { isNoAnswer } from '@/lib/api-error.ts';
import { queryKeys } from '@/lib/query-keys.ts';

async function setAuthToken(enabled: boolean): Promise<void> {
  await callEndpoint(me.setAutomationToken, { body: { enabled } });
}

/**
 * Optimistic: the checkbox flips at once. A failure the server answered is ignored silently: no message, the
 * previous value comes back and the stored value is read again. No answer at all keeps the choice shown, for
 * the checkbox to offer sending it again; offline, the save waits and goes out when the connection is back.
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
    onError: (error, _enabled, context) => {
      if (isNoAnswer(error)) return;
      if (context) queryClient.setQueryData<AutomationToken>(queryKeys.automationToken, context.previous);
      void queryClient.invalidateQueries({ queryKey: queryKeys.automationToken });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.automationToken }),
  });
}
