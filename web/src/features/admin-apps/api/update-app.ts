import { adminApps, type AppInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { refreshCatalog } from './list-admin-apps.ts';

/** Replaces the app with the whole body. */
export async function updateApp({ id, input }: { id: string; input: AppInput }): Promise<void> {
  await callEndpoint(adminApps.update, { params: { id }, body: input });
}

export function useUpdateApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateApp, onSuccess: () => refreshCatalog(queryClient) });
}
