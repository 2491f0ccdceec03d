import { account, type AccountSession } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Where the player is signed in, this browser first. */
function getSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return callEndpoint(account.sessions, { signal });
}

export function useAccountSessions() {
  return useQuery({ queryKey: queryKeys.account.sessions, queryFn: ({ signal }) => getSessions(signal) });
}
