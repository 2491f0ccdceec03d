import { adminGroups } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { refreshGroups } from './list-groups.ts';

/** Deletes a group an admin keeps: what its rules gave its members ends. */
export async function deleteGroup(id: string): Promise<void> {
  await callEndpoint(adminGroups.remove, { params: { id } });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    // The apps' rules that named it are gone with it.
    onSuccess: () => Promise.all([refreshGroups(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.adminApps })]),
  });
}
