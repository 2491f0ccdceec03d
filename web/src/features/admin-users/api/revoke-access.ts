import { AccessStatus } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { accessPath, useAccessChanged, type AccessTarget } from './get-access-status.ts';

/** DELETE …/apps/{appKey}/grant → {status: ''} */
export async function revokeAccess({ userId, appKey }: AccessTarget): Promise<AccessStatus> {
  return AccessStatus.parse(await apiRequest(`${accessPath(userId, appKey)}/grant`, { method: 'DELETE' }));
}

export function useRevokeAccess() {
  const changed = useAccessChanged();
  return useMutation({ mutationFn: revokeAccess, onSuccess: changed });
}
