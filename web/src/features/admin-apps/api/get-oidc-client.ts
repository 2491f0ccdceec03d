import { adminApps, type OidcClient } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The app as an OpenID Connect client: its client ID, the discovery URL, its redirect URIs and whether it has a secret. */
function getOidcClient(appId: string, signal?: AbortSignal): Promise<OidcClient> {
  return callEndpoint(adminApps.oidcClient, { params: { id: appId }, signal });
}

export function useOidcClient(appId: string) {
  return useQuery({ queryKey: queryKeys.oidcClient(appId), queryFn: ({ signal }) => getOidcClient(appId, signal) });
}
