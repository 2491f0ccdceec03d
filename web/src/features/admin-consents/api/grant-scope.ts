import { adminConsents, type ConsentData } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useConsentsChanged, type GrantTarget } from './get-consents.ts';

/** Grants a central consent scope; answers the new {scp, roles}. */
export function grantScope(target: GrantTarget): Promise<ConsentData> {
  return callEndpoint(adminConsents.grantScope, { body: target });
}

export function useGrantScope() {
  const changed = useConsentsChanged();
  return useMutation({ mutationFn: grantScope, onSuccess: changed });
}
