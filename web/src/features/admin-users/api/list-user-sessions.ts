import { SessionRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const SessionList = SessionRow.array();

/** GET /api/admin/users/{id}/sessions: the user's active sessions. */
export function listUserSessions(userId: string, signal?: AbortSignal): Promise<SessionRow[]> {
  return apiClient.get(`/api/admin/users/${encodeURIComponent(userId)}/sessions`, SessionList, signal);
}

export function useUserSessions(userId: string) {
  return useQuery({ queryKey: queryKeys.adminUsers.sessions(userId), queryFn: ({ signal }) => listUserSessions(userId, signal) });
}
