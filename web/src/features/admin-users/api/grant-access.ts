import { AccessStatus } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { accessPath, useAccessChanged, type AccessTarget } from './get-access-status.ts';

/** POST …/apps/{appKey}/grant → {status: 'active'} */
export async function grantAccess({ userId, appKey }: AccessTarget): Promise<AccessStatus> {
  return AccessStatus.parse(await apiRequest(`${accessPath(userId, appKey)}/grant`, { method: 'POST' }));
}

export function useGrantAccess() {
  const changed = useAccessChanged();
  return useMutation({ mutationFn: grantAccess, onSuccess: changed });
}
