import { ownPasskeys, type AddPasskeyInput, type OwnPasskeys } from '@portal/contract';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { browserPasskeyError } from './browser-error.ts';
import { confirmWithPasskey } from './confirm-passkey.ts';

export function useOwnPasskeys() {
  return useQuery({
    queryKey: queryKeys.account.passkeys,
    queryFn: ({ signal }): Promise<OwnPasskeys> => callEndpoint(ownPasskeys.list, { signal }),
  });
}

/**
 * The server's prompt, the browser's passkey made for it, and the passkey stored under `name`;
 * with `confirmFirst` (the player has passkeys already), one of them is used first.
 */
async function addPasskey({ name, confirmFirst }: { name: string; confirmFirst: boolean }) {
  if (confirmFirst) await confirmWithPasskey();
  const options = await callEndpoint(ownPasskeys.creationOptions, {});
  let answer: AddPasskeyInput['answer'];
  try {
    answer = (await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    })) as AddPasskeyInput['answer'];
  } catch (err) {
    throw browserPasskeyError(err, 'create');
  }
  return callEndpoint(ownPasskeys.add, { body: { name, answer } });
}

async function removePasskey(passkeyId: string) {
  await callEndpoint(ownPasskeys.remove, { params: { passkeyId } });
}

/** Adding or removing a passkey refreshes the account (the list and the events). */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all }) });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.all }) });
}
