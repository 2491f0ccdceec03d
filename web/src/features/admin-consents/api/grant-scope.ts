import type { ConsentData } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { postGrantChange, useConsentsChanged, type GrantTarget } from './get-consents.ts';

/** POST /api/admin/consents/grant {userId, appId, value}: Grants a central consent scope; answers the new {scp, roles}. */
export function grantScope(target: GrantTarget): Promise<ConsentData> {
  return postGrantChange('/api/admin/consents/grant', target);
}

export function useGrantScope() {
  const changed = useConsentsChanged();
  return useMutation({ mutationFn: grantScope, onSuccess: changed });
}
