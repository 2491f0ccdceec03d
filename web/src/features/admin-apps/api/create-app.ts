import { adminApps, type AppInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { refreshCatalog } from './list-admin-apps.ts';

/** 400/409 carry the server's message. */
export async function createApp(input: AppInput): Promise<void> {
  await callEndpoint(adminApps.create, { body: input });
}

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApp, onSuccess: () => refreshCatalog(queryClient) });
}
