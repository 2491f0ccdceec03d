import { adminAudit, type ActivityPage, type AuditFilters } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const ACTIVITY_PAGE_SIZE = 50;

/** One page of events, newest first, from `cursor` (null: the newest). */
export function listActivity(filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<ActivityPage> {
  const query = { ...filters, cursor: cursor ?? undefined, limit: String(ACTIVITY_PAGE_SIZE) };
  return callEndpoint(adminAudit.list, { query, signal });
}

export function useActivity(filters: AuditFilters, cursor: string | null) {
  return useQuery({
    queryKey: queryKeys.activity.page(filters, cursor),
    queryFn: ({ signal }) => listActivity(filters, cursor, signal),
    placeholderData: keepPreviousData,
  });
}
