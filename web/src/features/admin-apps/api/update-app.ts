import type { AppInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { adminAppsQueryKey, dashboardAppsQueryKey } from './list-admin-apps.ts';

/** PUT /api/admin/apps/{id} with the whole app body. */
export async function updateApp({ id, input }: { id: string; input: AppInput }): Promise<void> {
  await apiRequest(`/api/admin/apps/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApp,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminAppsQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardAppsQueryKey }),
      ]),
  });
}
