import { ConsentData } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { useConsentsChanged, type GrantTarget } from './get-consents.ts';

/** POST /api/admin/roles/revoke {userId, appId, value}: Revokes a central role; answers the new {scp, roles}. */
export function revokeRole(target: GrantTarget): Promise<ConsentData> {
  return apiClient.post('/api/admin/roles/revoke', target, ConsentData);
}

export function useRevokeRole() {
  const changed = useConsentsChanged();
  return useMutation({ mutationFn: revokeRole, onSuccess: changed });
}
