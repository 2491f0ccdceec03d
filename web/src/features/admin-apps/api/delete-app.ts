import { adminApps } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { refreshCatalog } from './list-admin-apps.ts';

/** The portal app answers 400 with a message. */
export async function deleteApp(id: string): Promise<void> {
  await callEndpoint(adminApps.remove, { params: { id } });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteApp, onSuccess: () => refreshCatalog(queryClient) });
}
