import { adminPasskeys, type Passkey } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** A player's passkeys, as an admin sees them on the user page. */
export function useUserPasskeys(userId: string) {
  return useQuery({
    queryKey: queryKeys.adminUsers.passkeys(userId),
    queryFn: ({ signal }): Promise<Passkey[]> => callEndpoint(adminPasskeys.list, { params: { id: userId }, signal }),
  });
}

/** Removing one refreshes the user's details (the passkeys and the audit). */
export function useRemoveUserPasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) => callEndpoint(adminPasskeys.remove, { params: { id: userId, passkeyId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.detail(userId) }),
  });
}
