import { me, type SwcAuthorizeAnswer } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/** Where SWCombine asks the player for the granted scopes plus these. */
export function startSwcAuthorization(scopes: string[]): Promise<SwcAuthorizeAnswer> {
  return callEndpoint(me.startSwcAuthorization, { body: { scopes } });
}

/** On success the browser leaves for SWCombine, which sends it back to /swc/consents. */
export function useStartSwcAuthorization() {
  return useMutation({
    mutationFn: startSwcAuthorization,
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });
}
