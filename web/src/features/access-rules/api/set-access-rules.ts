import { adminApps, type AccessRules, type AccessRulesInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Replaces the app's whole set of rules; the answer is the rules as saved. */
export function setAccessRules({ appId, body }: { appId: string; body: AccessRulesInput }): Promise<AccessRules> {
  return callEndpoint(adminApps.setAccessRules, { params: { id: appId }, body });
}

export function useSetAccessRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccessRules,
    onSuccess: (saved, { appId }) => {
      queryClient.setQueryData(queryKeys.accessRules(appId), saved);
      // Each group's count of apps, and every player's decisions, follow the rules.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }),
      ]);
    },
  });
}
