import { adminUsers, type AuditRow } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';
import { getDetailPage, type DetailPage } from './user-detail-page.ts';

/** A page of the user's audit log, newest first. */
function listUserAudit(userId: string, page: { limit: number; offset: number }, signal?: AbortSignal) {
  return getDetailPage(adminUsers.audit, userId, page, signal);
}

export function useUserAudit(userId: string, page: { limit: number; offset: number }) {
  return useQuery<DetailPage<AuditRow>>({
    queryKey: [...queryKeys.adminUsers.audit(userId), page],
    queryFn: ({ signal }) => listUserAudit(userId, page, signal),
    placeholderData: keepPreviousData,
  });
}
