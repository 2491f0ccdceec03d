import { AdminUser } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { adminUsersQueryKey } from './list-users.ts';

/** POST /api/admin/users {uid} (201 with the user); 409 when the UID exists, 400 for a malformed UID. */
export async function addUser(uid: string): Promise<AdminUser | null> {
  const parsed = AdminUser.safeParse(await apiClient.post('/api/admin/users', { uid }));
  return parsed.success ? parsed.data : null;
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminUsersQueryKey, 'list'] }),
  });
}
