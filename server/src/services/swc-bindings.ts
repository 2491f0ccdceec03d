import type { Deps } from '../deps.ts';
import { LoginFailed } from './login.ts';
import type { CallbackInput, CallbackOutcome } from './oauth-callback.ts';

/** The admin binding purpose of the OAuth callback. */
export async function completeSwcBinding(_deps: Deps, _input: CallbackInput): Promise<CallbackOutcome> {
  throw new LoginFailed('Connecting SWCombine permissions is not available yet.');
}
