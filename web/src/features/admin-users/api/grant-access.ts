import { adminUsers, type AccessStatus } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useAccessChanged, type AccessTarget } from './get-access-status.ts';

/** Grants access → {status: 'active'} */
export function grantAccess({ userId, appKey }: AccessTarget): Promise<AccessStatus> {
  return callEndpoint(adminUsers.grantAccess, { params: { id: userId, appKey } });
}

export function useGrantAccess() {
  const changed = useAccessChanged();
  return useMutation({ mutationFn: grantAccess, onSuccess: changed });
}
