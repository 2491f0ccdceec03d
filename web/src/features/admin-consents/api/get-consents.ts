import { ConsentData } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';

export const consentsQueryKey = (userId: string, appId: string) => ['admin', 'consents', userId, appId] as const;

/** The body of every grant/revoke call. */
export interface GrantTarget {
  userId: string;
  appId: string;
  value: string;
}

/** GET /api/admin/consents?userId=&appId=: the central scopes (scp) and roles a user holds for an app. */
export function getConsents(userId: string, appId: string, signal?: AbortSignal): Promise<ConsentData> {
  const query = new URLSearchParams({ userId, appId });
  return apiClient.get(`/api/admin/consents?${query.toString()}`, ConsentData, signal);
}

export function useConsents(userId: string, appId: string) {
  return useQuery({ queryKey: consentsQueryKey(userId, appId), queryFn: ({ signal }) => getConsents(userId, appId, signal) });
}

/** Every change answers the new {scp, roles}: shown at once, no second read. */
export function useConsentsChanged() {
  const queryClient = useQueryClient();
  return (data: ConsentData, { userId, appId }: GrantTarget) => {
    queryClient.setQueryData<ConsentData>(consentsQueryKey(userId, appId), data);
  };
}

export async function postGrantChange(path: string, target: GrantTarget): Promise<ConsentData> {
  return ConsentData.parse(await apiClient.post(path, target));
}
