import { adminConsents, type ConsentData } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The body of every grant/revoke call. */
export interface GrantTarget {
  userId: string;
  appId: string;
  value: string;
}

/** The central scopes (scp) and roles a user holds for an app. */
export function getConsents(userId: string, appId: string, signal?: AbortSignal): Promise<ConsentData> {
  return callEndpoint(adminConsents.get, { query: { userId, appId }, signal });
}

export function useConsents(userId: string, appId: string) {
  return useQuery({ queryKey: queryKeys.consents(userId, appId), queryFn: ({ signal }) => getConsents(userId, appId, signal) });
}

/** Every change answers the new {scp, roles}: shown at once, no second read; the user's audit log is read again. */
export function useConsentsChanged() {
  const queryClient = useQueryClient();
  return (data: ConsentData, { userId, appId }: GrantTarget) => {
    queryClient.setQueryData<ConsentData>(queryKeys.consents(userId, appId), data);
    return queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.audit(userId) });
  };
}
