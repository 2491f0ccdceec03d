import type { AppInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { adminAppsQueryKey, dashboardAppsQueryKey } from './list-admin-apps.ts';

/** POST /api/admin/apps (201); 400/409 carry the server's message. */
export async function createApp(input: AppInput): Promise<void> {
  await apiClient.post('/api/admin/apps', input);
}

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApp,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminAppsQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardAppsQueryKey }),
      ]),
  });
}
