import { DashboardAppList, type DashboardApp } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export const appsQueryKey = ['apps'] as const;

export function getApps(signal?: AbortSignal): Promise<DashboardApp[]> {
  return apiClient.get('/api/apps', DashboardAppList, signal);
}

export function useApps() {
  return useQuery({ queryKey: appsQueryKey, queryFn: ({ signal }) => getApps(signal) });
}
