import { me, type DashboardApp } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The apps the signed-in user may open. */
export function getApps(signal?: AbortSignal): Promise<DashboardApp[]> {
  return callEndpoint(me.apps, { signal });
}

export function useApps() {
  return useQuery({ queryKey: queryKeys.dashboardApps, queryFn: ({ signal }) => getApps(signal) });
}
