import { me, type SwcConsents } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Answers the consents as they are afterwards. */
export function revokeSwcConsent(scope: string): Promise<SwcConsents> {
  return callEndpoint(me.revokeSwcConsent, { params: { scope } });
}

export function useRevokeSwcConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSwcConsent,
    onSuccess: (consents) => queryClient.setQueryData(queryKeys.swcConsents, consents),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.swcConsents }),
  });
}
