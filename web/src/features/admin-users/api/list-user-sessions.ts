import { SessionRow } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';
import { getDetailPage, type DetailPage } from './user-detail-page.ts';

const SessionList = SessionRow.array();

/** GET /api/admin/users/{id}/sessions?limit=&offset=: a page of the user's live sessions, newest first. */
export function listUserSessions(userId: string, page: { limit: number; offset: number }, signal?: AbortSignal) {
  return getDetailPage(`/api/admin/users/${encodeURIComponent(userId)}/sessions`, SessionList, page, signal);
}

export function useUserSessions(userId: string, page: { limit: number; offset: number }) {
  return useQuery<DetailPage<SessionRow>>({
    queryKey: [...queryKeys.adminUsers.sessions(userId), page],
    queryFn: ({ signal }) => listUserSessions(userId, page, signal),
    placeholderData: keepPreviousData,
  });
}
