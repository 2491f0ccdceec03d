import { adminCentralGrants, type CentralGrants } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useCentralGrantsChanged, type GrantTarget } from './get-central-grants.ts';

/** Revokes a central consent scope; answers the new {scp, roles}. */
export function revokeScope(target: GrantTarget): Promise<CentralGrants> {
  return callEndpoint(adminCentralGrants.revokeScope, { body: target });
}

export function useRevokeScope() {
  const changed = useCentralGrantsChanged();
  return useMutation({ mutationFn: revokeScope, onSuccess: changed });
}
