import { adminUsers, type SessionRow } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';
import { getDetailPage, type DetailPage } from './user-detail-page.ts';

/** A page of the user's live sessions, newest first. */
function listUserSessions(userId: string, page: { limit: number; offset: number }, signal?: AbortSignal) {
  return getDetailPage(adminUsers.sessions, userId, page, signal);
}

export function useUserSessions(userId: string, page: { limit: number; offset: number }) {
  return useQuery<DetailPage<SessionRow>>({
    queryKey: [...queryKeys.adminUsers.sessions(userId), page],
    queryFn: ({ signal }) => listUserSessions(userId, page, signal),
    placeholderData: keepPreviousData,
  });
}
