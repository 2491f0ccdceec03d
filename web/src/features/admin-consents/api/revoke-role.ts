import { adminConsents, type ConsentData } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useConsentsChanged, type GrantTarget } from './get-consents.ts';

/** Revokes a central role; answers the new {scp, roles}. */
export function revokeRole(target: GrantTarget): Promise<ConsentData> {
  return callEndpoint(adminConsents.revokeRole, { body: target });
}

export function useRevokeRole() {
  const changed = useConsentsChanged();
  return useMutation({ mutationFn: revokeRole, onSuccess: changed });
}
