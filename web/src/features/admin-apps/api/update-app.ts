import type { AppInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalog } from './list-admin-apps.ts';

/** PUT /api/admin/apps/{id} with the whole app body. */
export function updateApp({ id, input }: { id: string; input: AppInput }): Promise<void> {
  return apiClient.put(`/api/admin/apps/${encodeURIComponent(id)}`, input);
}

export function useUpdateApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateApp, onSuccess: () => refreshCatalog(queryClient) });
}
