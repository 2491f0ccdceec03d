import { App } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export const adminAppsQueryKey = ['admin', 'apps'] as const;
/** The dashboard's list (features/apps): refreshed too after a change, so the cards follow the catalog. */
export const dashboardAppsQueryKey = ['apps'] as const;

const AppList = App.array();

/** GET /api/admin/apps: every app with all its fields, the portal app first. */
export function listAdminApps(signal?: AbortSignal): Promise<App[]> {
  return apiClient.get('/api/admin/apps', AppList, signal);
}

export function useAdminApps() {
  return useQuery({ queryKey: adminAppsQueryKey, queryFn: ({ signal }) => listAdminApps(signal) });
}
