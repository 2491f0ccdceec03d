import { adminUsers, type AccessStatus } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useAccessChanged, type AccessTarget } from './get-access-status.ts';

/** Suspends access → {status: 'suspended'} */
export function suspendAccess({ userId, appKey }: AccessTarget): Promise<AccessStatus> {
  return callEndpoint(adminUsers.suspendAccess, { params: { id: userId, appKey } });
}

export function useSuspendAccess() {
  const changed = useAccessChanged();
  return useMutation({ mutationFn: suspendAccess, onSuccess: changed });
}
