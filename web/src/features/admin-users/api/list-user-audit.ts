import { AuditRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const AuditList = AuditRow.array();

/** GET /api/admin/users/{id}/audit: the user's audit log, newest first. */
export function listUserAudit(userId: string, signal?: AbortSignal): Promise<AuditRow[]> {
  return apiClient.get(`/api/admin/users/${encodeURIComponent(userId)}/audit`, AuditList, signal);
}

export function useUserAudit(userId: string) {
  return useQuery({ queryKey: queryKeys.adminUsers.audit(userId), queryFn: ({ signal }) => listUserAudit(userId, signal) });
}
