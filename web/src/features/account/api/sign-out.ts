import { account } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Signs the player out of one other session. */
export async function signOutSession(sid: string): Promise<void> {
  await callEndpoint(account.signOutSession, { params: { sid } });
}

/** Signs the player out of every session but this browser's; answers how many ended. */
export async function signOutElsewhere(): Promise<number> {
  return (await callEndpoint(account.signOutElsewhere, {})).ended;
}

/** Either sign-out, after which the sessions and the events are read again. */
export function useSignOut<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all }) });
}
