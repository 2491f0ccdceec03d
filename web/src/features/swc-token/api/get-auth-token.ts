import { me, type AutomationToken } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

function getAuthToken(signal?: AbortSignal): Promise<AutomationToken> {
  return callEndpoint(me.automationToken, { signal });
}

export function useAuthToken() {
  return useQuery({ queryKey: queryKeys.automationToken, queryFn: ({ signal }) => getAuthToken(signal) });
}
