import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { adminAppsQueryKey, dashboardAppsQueryKey } from './list-admin-apps.ts';

/** DELETE /api/admin/apps/{id} (204); the portal app answers 400 with a message. */
export async function deleteApp(id: string): Promise<void> {
  await apiRequest(`/api/admin/apps/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApp,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminAppsQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardAppsQueryKey }),
      ]),
  });
}
