import { adminApps, type AccessRules } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The app's rules, each with its group's name, kind and member count. */
function getAccessRules(appId: string, signal?: AbortSignal): Promise<AccessRules> {
  return callEndpoint(adminApps.accessRules, { params: { id: appId }, signal });
}

export function useAccessRules(appId: string) {
  return useQuery({ queryKey: queryKeys.accessRules(appId), queryFn: ({ signal }) => getAccessRules(appId, signal) });
}
