import { adminUsers, type AdminUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** 409 when the UID exists, 400 for a malformed UID. */
export function addUser(body: { uid: string }): Promise<AdminUser> {
  return callEndpoint(adminUsers.add, { body });
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.lists }),
  });
}
