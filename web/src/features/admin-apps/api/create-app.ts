import { adminApps, type AppInput, type CreatedApp } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { refreshCatalog } from './list-admin-apps.ts';

/** 400/409 carry the server's message. A machine client comes back with its client secret, this once. */
export function createApp(input: AppInput): Promise<CreatedApp> {
  return callEndpoint(adminApps.create, { body: input });
}

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApp, onSuccess: () => refreshCatalog(queryClient) });
}
