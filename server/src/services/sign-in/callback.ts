import type { Deps } from '../../deps.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findAppById, type AppRow } from '../../queries/apps.ts';
import { consumeLoginAttempt, type LoginAttempt } from '../../queries/login-attempts.ts';
import type { RequestMeta } from '../audit.ts';
import { completeSignIn, LoginFailed } from './start.ts';
import type { AuthContext } from '../sessions/session.ts';
import { completeSwcBinding } from '../swc-bindings/bindings.ts';
import { completeSwcConsent } from '../swc-grants/consents.ts';

/** What every purpose's handler gets: the state is already checked against the browser and consumed. */
export interface CallbackInput {
  /** The callback URL SWCombine sent the browser to (code or error). */
  url: URL;
  state: string;
  attempt: LoginAttempt;
  app: AppRow;
  /** The browser's session, if it has one. */
  current: AuthContext | null;
  meta: RequestMeta;
  now: Date;
}

/** Where the browser goes next, and a new session when the trip signed someone in. */
export interface CallbackOutcome {
  rd: string;
  session?: { token: string; expiresAt: Date };
}

const HANDLERS: Record<LoginAttempt['purpose'], (deps: Deps, input: CallbackInput) => Promise<CallbackOutcome>> = {
  sign_in: completeSignIn,
  swc_consent: completeSwcConsent,
  swc_binding: completeSwcBinding,
};

/**
 * SWCombine has one registered redirect URI, so sign-in, a player's consents and an admin's
 * binding all come back here; the one-time attempt says which it was.
 */
export async function completeOAuthCallback(
  deps: Deps,
  input: { url: URL; browserState: string | undefined; current: AuthContext | null; meta: RequestMeta },
): Promise<CallbackOutcome> {
  const now = deps.clock.now();
  const state = input.url.searchParams.get('state');
  if (!state || !input.browserState || state !== input.browserState) {
    throw new LoginFailed('This sign-in link does not belong to this browser or was already used. Please start again.');
  }
  const attempt = await consumeLoginAttempt(deps.db, sha256(state), now);
  const app = attempt && (await findAppById(deps.db, attempt.app_id));
  if (!attempt || !app) throw new LoginFailed('This sign-in attempt has expired. Please start again.');
  const handler = HANDLERS[attempt.purpose];
  if (!handler) throw new LoginFailed('This sign-in attempt is not one the portal can complete. Please start again.');
  return handler(deps, { url: input.url, state, attempt, app, current: input.current, meta: input.meta, now });
}
