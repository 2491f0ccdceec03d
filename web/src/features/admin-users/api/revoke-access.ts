import { adminUsers, type AccessStatus } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { useAccessChanged, type AccessTarget } from './get-access-status.ts';

/** Revokes access → {status: ''} */
export function revokeAccess({ userId, appKey }: AccessTarget): Promise<AccessStatus> {
  return callEndpoint(adminUsers.revokeAccess, { params: { id: userId, appKey } });
}

export function useRevokeAccess() {
  const changed = useAccessChanged();
  return useMutation({ mutationFn: revokeAccess, onSuccess: changed });
}
