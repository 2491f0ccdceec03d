import { adminConsents, type ConsentData } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useConsentsChanged, type GrantTarget } from './get-consents.ts';

/** Grants a central role; answers the new {scp, roles}. */
export function grantRole(target: GrantTarget): Promise<ConsentData> {
  return callEndpoint(adminConsents.grantRole, { body: target });
}

export function useGrantRole() {
  const changed = useConsentsChanged();
  return useMutation({ mutationFn: grantRole, onSuccess: changed });
}
