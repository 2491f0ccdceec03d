import { AccessStatus } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { accessPath, useAccessChanged, type AccessTarget } from './get-access-status.ts';

/** POST …/apps/{appKey}/grant → {status: 'active'} */
export function grantAccess({ userId, appKey }: AccessTarget): Promise<AccessStatus> {
  return apiClient.post(`${accessPath(userId, appKey)}/grant`, undefined, AccessStatus);
}

export function useGrantAccess() {
  const changed = useAccessChanged();
  return useMutation({ mutationFn: grantAccess, onSuccess: changed });
}
