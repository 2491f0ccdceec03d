import { adminApps, type AppAccessRow } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpointWithHeaders } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { totalCount } from '@/lib/total-count.ts';
import type { DetailPage } from './user-detail-page.ts';

export const APP_PLAYERS_PAGE_SIZE = 25;

/** A page of the players with a grant, suspension or revocation on the app, by name, and how many in all. */
export async function listAppAccess(
  appId: string,
  { limit, offset }: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<DetailPage<AppAccessRow>> {
  const { data: rows, headers } = await callEndpointWithHeaders(adminApps.access, {
    params: { id: appId },
    query: { limit: String(limit), offset: String(offset) },
    signal,
  });
  return { rows, total: totalCount(headers, { offset, limit }, rows.length) };
}

export function useAppAccess(app: { id: string; key: string }, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...queryKeys.adminUsers.appAccess(app.key), page],
    queryFn: ({ signal }) => listAppAccess(app.id, page, signal),
    placeholderData: keepPreviousData,
  });
}
