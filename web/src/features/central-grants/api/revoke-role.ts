import { adminCentralGrants, type CentralGrants } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useCentralGrantsChanged, type GrantTarget } from './get-central-grants.ts';

/** Revokes a central role; answers the new {scp, roles}. */
export function revokeRole(target: GrantTarget): Promise<CentralGrants> {
  return callEndpoint(adminCentralGrants.revokeRole, { body: target });
}

export function useRevokeRole() {
  const changed = useCentralGrantsChanged();
  return useMutation({ mutationFn: revokeRole, onSuccess: changed });
}
