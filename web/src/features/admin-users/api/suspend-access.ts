import { AccessStatus } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { accessPath, useAccessChanged, type AccessTarget } from './get-access-status.ts';

/** POST …/apps/{appKey}/suspend → {status: 'suspended'} */
export function suspendAccess({ userId, appKey }: AccessTarget): Promise<AccessStatus> {
  return apiClient.post(`${accessPath(userId, appKey)}/suspend`, undefined, AccessStatus);
}

export function useSuspendAccess() {
  const changed = useAccessChanged();
  return useMutation({ mutationFn: suspendAccess, onSuccess: changed });
}
