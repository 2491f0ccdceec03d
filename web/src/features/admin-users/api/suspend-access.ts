import { AccessStatus } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { accessPath, useAccessChanged, type AccessTarget } from './get-access-status.ts';

/** POST …/apps/{appKey}/suspend → {status: 'suspended'} */
export async function suspendAccess({ userId, appKey }: AccessTarget): Promise<AccessStatus> {
  return AccessStatus.parse(await apiRequest(`${accessPath(userId, appKey)}/suspend`, { method: 'POST' }));
}

export function useSuspendAccess() {
  const changed = useAccessChanged();
  return useMutation({ mutationFn: suspendAccess, onSuccess: changed });
}
