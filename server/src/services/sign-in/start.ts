import { AuditEvent, PORTAL_APP_KEY, SWC_SIGN_IN_SCOPES } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { inTransaction } from '../../db/pool.ts';
import { decideAccess } from '../../domain/access.ts';
import { isCleanReturnAddress, registeredRedirect } from '../../domain/redirect-match.ts';
import { badRequest } from '../../lib/errors.ts';
import { findAccessStatus } from '../../queries/access.ts';
import { findAppByAudience, type AppRow } from '../../queries/apps.ts';
import { recordSessionApp } from '../../queries/session-apps.ts';
import { unionScopes } from '../../domain/swc-scopes.ts';
import { recordSignInWithStoredProfile, upsertUserFromSwc } from '../../queries/users.ts';
import { audit, type RequestMeta } from '../audit.ts';
import type { CallbackInput, CallbackOutcome } from './callback.ts';
import { loadIdentity } from '../sessions/identity.ts';
import { createSession, type AuthContext } from '../sessions/session.ts';
import { signInProfile } from './profile.ts';
import { narrowAndStore, SwcGrantBusy } from '../swc-grants/player-grant.ts';
import { callbackUrl, startUpstreamAuthorization } from '../swcombine/authorization.ts';
import { tripError } from '../swcombine/trip-failure.ts';

export const LOGIN_SCOPES: string[] = [...SWC_SIGN_IN_SCOPES];

export interface PageLink {
  href: string;
  label: string;
}

/** The sign-in was refused, either by the player at SWCombine or by the app's access rules. */
export class LoginDenied extends Error {
  /** The page's title: who said no. */
  readonly title: string;
  /** Where the page links when the trip was not a sign-in. */
  readonly back?: PageLink;
  constructor(message: string, title: string, back?: PageLink) {
    super(message);
    this.title = title;
    this.back = back;
  }
}

/** The callback cannot be trusted or completed (stale state, upstream failure). */
export class LoginFailed extends Error {
  /** The page's title and link when the trip was not a sign-in. */
  readonly page?: { title: string; back: PageLink };
  constructor(message: string, page?: { title: string; back: PageLink }) {
    super(message);
    this.page = page;
  }
}

async function admits(deps: Deps, app: AppRow, ctx: Pick<AuthContext, 'user' | 'isAdmin'>) {
  const status = await findAccessStatus(deps.db, ctx.user.id, app.id);
  return decideAccess({ app, status, isGlobalAdmin: ctx.isAdmin });
}

/** The app and the normalised return address (`URL.href`): the only form stored or redirected to. */
export async function validateLoginTarget(deps: Deps, aud: string, rd: string): Promise<{ app: AppRow; rd: string }> {
  if (!isCleanReturnAddress(rd)) throw badRequest('The return address (rd) must not contain spaces or control characters.');
  const app = await findAppByAudience(deps.db, aud);
  if (!app) throw badRequest(`No app is registered with the audience "${aud}".`);
  const normalised = registeredRedirect(rd, app.redirect_urls);
  if (!normalised) throw badRequest(`The return address "${rd}" is not one of the redirect URLs registered for ${app.name}.`);
  return { app, rd: normalised };
}

/**
 * Starts a sign-in for an app. A player who already holds a session admitted to the app goes
 * straight back to `rd` (single sign-on); everyone else is sent to SWCombine with a one-time state.
 */
export async function startLogin(
  deps: Deps,
  input: { aud: string; rd: string; current: AuthContext | null; meta: RequestMeta },
): Promise<{ kind: 'redirect'; url: string } | { kind: 'upstream'; url: string; state: string }> {
  const { app, rd } = await validateLoginTarget(deps, input.aud, input.rd);
  if (input.current) {
    const decision = await admits(deps, app, input.current);
    if (decision.allowed) return { kind: 'redirect', url: rd };
  }
  const { url, state } = await startUpstreamAuthorization(deps, {
    purpose: 'sign_in',
    appId: app.id,
    rd,
    scopes: LOGIN_SCOPES,
    // Offline: the portal refreshes the player's token for apps (token exchange). Earlier grants
    // are kept so signing in does not drop the SWC consents the player gave.
    accessType: 'offline',
    renewPreviouslyGranted: true,
  });
  return { kind: 'upstream', url, state };
}

/** The sign-in purpose of the callback: a session for the attempt's app, then back to its `rd`. */
export async function completeSignIn(deps: Deps, input: CallbackInput): Promise<CallbackOutcome> {
  const { now, app, state } = input;
  // Checked again before anything is written: the session is only worth creating if the browser
  // can be sent back, and an attempt stored by an older version may hold a raw address.
  const rd = registeredRedirect(input.attempt.rd, app.redirect_urls);
  if (!rd)
    throw new LoginFailed(`The return address is no longer one of the redirect URLs registered for ${app.name}. Please start again.`);

  const texts = {
    failed: 'SWCombine did not complete the sign-in',
    declined: { message: 'You declined the sign-in at SWCombine, so you were not signed in.', title: 'Sign-in cancelled' },
  };
  let tokens;
  let profile;
  try {
    tokens = await deps.swc.exchangeCallback(input.url, state, callbackUrl(deps));
    profile = await signInProfile(deps, tokens.accessToken, { appKey: app.key, meta: input.meta, now });
  } catch (err) {
    const failure = tripError(err, texts);
    if (failure instanceof LoginDenied) {
      await audit(deps.db, input.meta, {
        event: AuditEvent.LoginDenied,
        appKey: app.key,
        at: now,
        details: { reason: 'declined at SWCombine' },
      });
    }
    throw failure;
  }

  const user =
    profile.kind === 'fresh'
      ? await upsertUserFromSwc(deps.db, profile.character, now)
      : await recordSignInWithStoredProfile(deps.db, profile.userId, now);
  // Independent of each other, so sent at once: the grant stored, the portal roles, the app's access.
  const [, identity, status] = await Promise.all([
    // SWCombine may answer scopes kept from earlier grants that the player revoked here since
    // (also while this sign-in ran): only the sign-in scopes and those still held are stored.
    narrowAndStore(deps, user.id, tokens, (held) => unionScopes(LOGIN_SCOPES, held?.scopes ?? []), now).catch((err: unknown) => {
      // Parallel sign-ins of the same player (two tabs) kept storing their grants first: one of
      // theirs is stored, and this sign-in goes on with it instead of failing.
      if (err instanceof SwcGrantBusy) return;
      throw tripError(err, texts);
    }),
    loadIdentity(deps.db, user, deps.config.adminUids),
    findAccessStatus(deps.db, user.id, app.id),
  ]);
  const decision = decideAccess({ app, status, isGlobalAdmin: identity.isAdmin });
  if (!decision.allowed) {
    // The user row is already stored: a refused sign-in is still recorded.
    await audit(deps.db, input.meta, {
      event: AuditEvent.LoginDenied,
      userId: user.id,
      appKey: app.key,
      at: now,
      details: { reason: decision.reason },
    });
    throw new LoginDenied(decision.reason, `Sign-in refused for ${app.name}`);
  }

  const outcome = await inTransaction(deps.db, async (tx) => {
    const { token, session } = await createSession(tx, deps, { userId: user.id, appId: app.id, meta: input.meta });
    // Single logout notifies the apps a session was used with; signing in to one is a use.
    if (app.key !== PORTAL_APP_KEY) await recordSessionApp(tx, session.id, app.id);
    await audit(tx, input.meta, {
      event: AuditEvent.Login,
      userId: user.id,
      appKey: app.key,
      expiresAt: session.expires_at,
      at: now,
      details: { sid: session.sid, via: decision.via },
    });
    return { token, expiresAt: session.expires_at };
  });
  return { rd, session: outcome };
}
