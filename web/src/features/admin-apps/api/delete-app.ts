import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalog } from './list-admin-apps.ts';

/** DELETE /api/admin/apps/{id} (204); the portal app answers 400 with a message. */
export function deleteApp(id: string): Promise<void> {
  return apiClient.delete(`/api/admin/apps/${encodeURIComponent(id)}`);
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteApp, onSuccess: () => refreshCatalog(queryClient) });
}
