import { adminCentralGrants, type CentralGrants } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useCentralGrantsChanged, type GrantTarget } from './get-central-grants.ts';

/** Grants a central role; answers the new {scp, roles}. */
export function grantRole(target: GrantTarget): Promise<CentralGrants> {
  return callEndpoint(adminCentralGrants.grantRole, { body: target });
}

export function useGrantRole() {
  const changed = useCentralGrantsChanged();
  return useMutation({ mutationFn: grantRole, onSuccess: changed });
}
