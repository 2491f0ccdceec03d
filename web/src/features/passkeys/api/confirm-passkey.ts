import { ownPasskeys, type AdminConsoleStepUp, type PasskeyAssertion } from '@portal/contract';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { browserPasskeyError } from './browser-error.ts';

/** Confirm it's you: one of the player's passkeys, used in this session. */
export async function confirmWithPasskey(): Promise<void> {
  const options = await callEndpoint(ownPasskeys.confirmOptions, {});
  let answer: PasskeyAssertion;
  try {
    answer = (await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })) as PasskeyAssertion;
  } catch (err) {
    throw browserPasskeyError(err, 'use');
  }
  await callEndpoint(ownPasskeys.confirm, { body: { answer } });
}

const ADMIN_CONSOLE_KEY = [...queryKeys.account.all, 'admin-console'] as const;

/** What the admin console asks of this session (ADMIN_PASSKEY, and whether a passkey was used lately). */
export function useAdminConsoleStepUp() {
  return useQuery({
    queryKey: ADMIN_CONSOLE_KEY,
    queryFn: ({ signal }): Promise<AdminConsoleStepUp> => callEndpoint(ownPasskeys.adminConsole, { signal }),
  });
}

/**
 * Confirming opens what waited for it: every query is read again (the admin screens' refusals too), or
 * `onConfirmed` goes on (an app that required the passkey).
 */
export function useConfirmPasskey(onConfirmed?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmWithPasskey,
    onSuccess: () => (onConfirmed ? onConfirmed() : queryClient.invalidateQueries()),
  });
}
