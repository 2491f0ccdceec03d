import { account, type ConnectedApps } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The OpenID Connect apps holding a grant for the player, and the apps that may act on SWCombine for them. */
function getConnectedApps(signal?: AbortSignal): Promise<ConnectedApps> {
  return callEndpoint(account.connectedApps, { signal });
}

export function useConnectedApps() {
  return useQuery({ queryKey: queryKeys.account.connectedApps, queryFn: ({ signal }) => getConnectedApps(signal) });
}
