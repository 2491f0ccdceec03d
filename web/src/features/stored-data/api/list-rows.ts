import { adminStoredData, type DataKind, type DataViewRowsPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys, type RowListParams } from '@/lib/query-keys.ts';

export const ROWS_PAGE_SIZE = 25;
/** How long typing pauses before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

/** One page of a target's stored rows (name or UID search and the listed/gone filter on the server) and the total. */
export function listRows(target: DataKind, { q, gone, limit, offset }: RowListParams, signal?: AbortSignal): Promise<DataViewRowsPage> {
  return callEndpoint(adminStoredData.rows, {
    params: { target },
    query: { limit: String(limit), offset: String(offset), q: q.trim() || undefined, gone },
    signal,
  });
}

export function useRowList(target: DataKind, params: RowListParams) {
  return useQuery({
    queryKey: queryKeys.storedData.rows(target, params),
    queryFn: ({ signal }) => listRows(target, params, signal),
    // Paging and searching keep the last page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}
