import { account, type AppsWhy } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The apps the player may open and why, and those a group would admit them to. */
function getAppsWhy(signal?: AbortSignal): Promise<AppsWhy> {
  return callEndpoint(account.appsWhy, { signal });
}

export function useAppsWhy() {
  return useQuery({ queryKey: queryKeys.account.appsWhy, queryFn: ({ signal }) => getAppsWhy(signal) });
}
