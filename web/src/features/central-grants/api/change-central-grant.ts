import { adminCentralGrants, type CentralGrants } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const CHANGES = {
  grantScope: adminCentralGrants.grantScope,
  revokeScope: adminCentralGrants.revokeScope,
  grantRole: adminCentralGrants.grantRole,
  revokeRole: adminCentralGrants.revokeRole,
} as const;

export type CentralGrantChange = keyof typeof CHANGES;

/** One change of one user's central grants on one app: a scope or a role, granted or revoked. */
interface CentralGrantChangeInput {
  change: CentralGrantChange;
  userId: string;
  appId: string;
  value: string;
}

/** Grants or revokes a central scope or role; answers the new {scp, roles}. */
export function changeCentralGrant({ change, ...body }: CentralGrantChangeInput): Promise<CentralGrants> {
  return callEndpoint(CHANGES[change], { body });
}

/** Every change answers the new {scp, roles}: shown at once, no second read; the user's audit log is read again. */
export function useChangeCentralGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCentralGrant,
    onSuccess: (data, { userId, appId }) => {
      queryClient.setQueryData<CentralGrants>(queryKeys.centralGrants(userId, appId), data);
      return queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.audit(userId) });
    },
  });
}
