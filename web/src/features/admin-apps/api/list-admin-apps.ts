import { adminApps, type App } from '@portal/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Every app with all its fields, the portal app first. */
export function listAdminApps(signal?: AbortSignal): Promise<App[]> {
  return callEndpoint(adminApps.list, { signal });
}

export function useAdminApps() {
  return useQuery({ queryKey: queryKeys.adminApps, queryFn: ({ signal }) => listAdminApps(signal) });
}

/** After a change to the catalog: the admin list and the dashboard's cards are read again. */
export function refreshCatalog(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminApps }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardApps }),
  ]);
}
