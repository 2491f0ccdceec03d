import { AutomationToken } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getAuthToken(signal?: AbortSignal): Promise<AutomationToken> {
  return apiClient.get('/api/swc/auth-token', AutomationToken, signal);
}

export function useAuthToken() {
  return useQuery({ queryKey: queryKeys.automationToken, queryFn: ({ signal }) => getAuthToken(signal) });
}
