import type { Deps } from '../deps.ts';
import type { AttemptPurpose } from '../domain/attempt-purpose.ts';
import { Refused } from '../lib/errors.ts';
import { sha256 } from '../lib/tokens.ts';
import { findAppById } from '../queries/apps.ts';
import { consumeLoginAttempt } from '../queries/login-attempts.ts';
import type { RequestMeta } from './audit.ts';
import type { AuthContext } from './sessions/session.ts';
import { completeSwcBinding } from './swc-bindings/callback.ts';
import { completeSwcConsent } from './swc-grants/consent-callback.ts';
import type { CallbackInput, CallbackOutcome } from './swcombine/trip.ts';
import { completeSignIn } from './sign-in/complete.ts';

type CallbackDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'swc' | 'encryptor' | 'accessChanged' | 'queue'>;

const HANDLERS: Record<AttemptPurpose, (deps: CallbackDeps, input: CallbackInput) => Promise<CallbackOutcome>> = {
  sign_in: completeSignIn,
  swc_consent: completeSwcConsent,
  swc_binding: completeSwcBinding,
};

const startAgain = (message: string) => new Refused('invalid', message);

/**
 * SWCombine has one registered redirect URI, so sign-in, a player's consents and an admin's
 * binding all come back here: checks the state against the browser's and consumes the one-time
 * attempt, which says which trip it was.
 */
export async function openCallback(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { url: URL; browserState: string | undefined; current: AuthContext | null; meta: RequestMeta },
): Promise<CallbackInput> {
  const now = deps.clock.now();
  const state = input.url.searchParams.get('state');
  if (!state || !input.browserState || state !== input.browserState) {
    throw startAgain('This sign-in link does not belong to this browser or was already used. Please start again.');
  }
  const attempt = await consumeLoginAttempt(deps.db, sha256(state), now);
  const app = attempt && (await findAppById(deps.db, attempt.app_id));
  if (!attempt || !app) throw startAgain('This sign-in attempt has expired. Please start again.');
  if (!HANDLERS[attempt.purpose]) throw startAgain('This sign-in attempt is not one the portal can complete. Please start again.');
  return { url: input.url, state, attempt, app, current: input.current, meta: input.meta, now };
}

/** Completes the trip as its purpose says: a session, the player's consents, or an admin's binding. */
export function completeCallback(deps: CallbackDeps, input: CallbackInput): Promise<CallbackOutcome> {
  return HANDLERS[input.attempt.purpose](deps, input);
}
