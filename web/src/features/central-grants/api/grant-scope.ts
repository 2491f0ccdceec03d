import { adminCentralGrants, type CentralGrants } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useCentralGrantsChanged, type GrantTarget } from './get-central-grants.ts';

/** Grants a central consent scope; answers the new {scp, roles}. */
export function grantScope(target: GrantTarget): Promise<CentralGrants> {
  return callEndpoint(adminCentralGrants.grantScope, { body: target });
}

export function useGrantScope() {
  const changed = useCentralGrantsChanged();
  return useMutation({ mutationFn: grantScope, onSuccess: changed });
}
