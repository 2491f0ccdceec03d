import { account, type AccountNotice } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The changes to the player's access not seen yet, newest first. */
export async function getNotices(signal?: AbortSignal): Promise<AccountNotice[]> {
  return (await callEndpoint(account.notices, { signal })).notices;
}

/** Read once per page load: the notice is news only the first time (the server counts it seen once shown). */
export function useNotices() {
  return useQuery({
    queryKey: queryKeys.account.notices,
    queryFn: ({ signal }) => getNotices(signal),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The player has seen the notices up to `until`: they do not show on the next visit. */
export function useMarkNoticesSeen() {
  return useMutation({ mutationFn: (until: string) => callEndpoint(account.noticesSeen, { body: { until } }) });
}
