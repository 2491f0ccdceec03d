import type { Deps } from '../deps.ts';
import { LoginFailed } from './login.ts';
import type { CallbackInput, CallbackOutcome } from './oauth-callback.ts';

/** The player's consents purpose of the OAuth callback. */
export async function completeSwcConsent(_deps: Deps, _input: CallbackInput): Promise<CallbackOutcome> {
  throw new LoginFailed('Managing SWCombine consents is not available yet.');
}
