import { adminConsents, type ConsentData } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useConsentsChanged, type GrantTarget } from './get-consents.ts';

/** Revokes a central consent scope; answers the new {scp, roles}. */
export function revokeScope(target: GrantTarget): Promise<ConsentData> {
  return callEndpoint(adminConsents.revokeScope, { body: target });
}

export function useRevokeScope() {
  const changed = useConsentsChanged();
  return useMutation({ mutationFn: revokeScope, onSuccess: changed });
}
