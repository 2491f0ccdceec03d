import { passkeySignIn, type PasskeyAssertion } from '@portal/contract';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { browserPasskeyError } from './browser-error.ts';

/** Asks the browser for any passkey of this site and signs in with it; answers where to go next. */
async function signInWithPasskey(): Promise<string> {
  const options = await callEndpoint(passkeySignIn.options, {});
  let answer: PasskeyAssertion;
  try {
    answer = (await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })) as PasskeyAssertion;
  } catch (err) {
    throw browserPasskeyError(err, 'use');
  }
  return (await callEndpoint(passkeySignIn.signIn, { body: { answer } })).redirect;
}

export function usePasskeySignIn() {
  return useMutation({ mutationFn: signInWithPasskey, onSuccess: (redirect) => window.location.assign(redirect) });
}
