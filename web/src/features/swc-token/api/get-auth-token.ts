import { AutomationToken } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export const authTokenQueryKey = ['swc', 'auth-token'] as const;

export function getAuthToken(signal?: AbortSignal): Promise<AutomationToken> {
  return apiClient.get('/api/swc/auth-token', AutomationToken, signal);
}

export function useAuthToken() {
  return useQuery({ queryKey: authTokenQueryKey, queryFn: ({ signal }) => getAuthToken(signal) });
}
