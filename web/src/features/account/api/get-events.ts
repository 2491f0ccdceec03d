import { account, type AccountEvent } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpointWithHeaders } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { totalCount } from '@/lib/total-count.ts';

/** One page of the player's own events, newest first, and how many there are in all. */
async function getEvents(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<{ rows: AccountEvent[]; total: number }> {
  const { data: rows, headers } = await callEndpointWithHeaders(account.events, {
    query: { limit: String(page.limit), offset: String(page.offset) },
    signal,
  });
  return { rows, total: totalCount(headers, page, rows.length) };
}

export function useAccountEvents(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: queryKeys.account.events(page),
    queryFn: ({ signal }) => getEvents(page, signal),
    placeholderData: keepPreviousData,
  });
}
