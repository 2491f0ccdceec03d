import { AccessStatus } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { accessPath, useAccessChanged, type AccessTarget } from './get-access-status.ts';

/** DELETE …/apps/{appKey}/grant → {status: ''} */
export function revokeAccess({ userId, appKey }: AccessTarget): Promise<AccessStatus> {
  return apiClient.delete(`${accessPath(userId, appKey)}/grant`, AccessStatus);
}

export function useRevokeAccess() {
  const changed = useAccessChanged();
  return useMutation({ mutationFn: revokeAccess, onSuccess: changed });
}
