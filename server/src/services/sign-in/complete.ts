import { AuditEvent, PORTAL_APP_KEY } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { registeredRedirect } from '../../domain/redirect-match.ts';
import { unionScopes } from '../../domain/swc-scopes.ts';
import { Refused } from '../../lib/errors.ts';
import { recordSessionApp } from '../../queries/session-apps.ts';
import { recordSignInWithStoredProfile, upsertUserFromSwc } from '../../queries/users.ts';
import { decideOn } from '../decisions/decide.ts';
import { followFactionAtSignIn } from '../groups/faction-sign-in.ts';
import { audit } from '../audit.ts';
import { loadIdentity } from '../sessions/identity.ts';
import { createSession } from '../sessions/session.ts';
import { narrowAndStore, SwcGrantBusy } from '../swc-grants/player-grant.ts';
import { callbackUrl } from '../swcombine/authorization.ts';
import { tripError, type TripTexts } from '../swcombine/trip-failure.ts';
import type { CallbackInput, CallbackOutcome } from '../swcombine/trip.ts';
import { signInProfile } from './profile.ts';
import { LOGIN_SCOPES } from './start.ts';

const TEXTS: TripTexts = {
  failed: 'SWCombine did not complete the sign-in',
  declined: 'You declined the sign-in at SWCombine, so you were not signed in.',
};

/** The sign-in purpose of the callback: a session for the attempt's app, then back to its `rd`. */
export async function completeSignIn(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'swc' | 'encryptor' | 'accessChanged' | 'queue'>,
  input: CallbackInput,
): Promise<CallbackOutcome> {
  const { now, app, state } = input;
  // Checked again before anything is written: the session is only worth creating if the browser
  // can be sent back, and an attempt stored by an older version may hold a raw address.
  const rd = registeredRedirect(input.attempt.rd, app.redirect_urls);
  if (!rd) {
    throw new Refused(
      'invalid',
      `The return address is no longer one of the redirect URLs registered for ${app.name}. Please start again.`,
    );
  }

  let tokens;
  let profile;
  try {
    tokens = await deps.swc.exchangeCallback(input.url, state, callbackUrl(deps));
    profile = await signInProfile(deps, tokens.accessToken, { appKey: app.key, meta: input.meta, now });
  } catch (err) {
    const failure = tripError(err, TEXTS);
    if (failure instanceof Refused && failure.reason === 'declined') {
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
  // The faction the character names now is the player's faction group, before access is decided.
  if (profile.kind === 'fresh') {
    await followFactionAtSignIn(deps, user.id, { uid: profile.character.factionUid, name: profile.character.faction });
  }
  // Independent of each other, so sent at once: the grant stored, the portal roles.
  const [, identity] = await Promise.all([
    // SWCombine may answer scopes kept from earlier grants that the player revoked here since
    // (also while this sign-in ran): only the sign-in scopes and those still held are stored.
    narrowAndStore(deps, user.id, tokens, (held) => unionScopes(LOGIN_SCOPES, held?.scopes ?? []), now).catch((err: unknown) => {
      // Parallel sign-ins of the same player (two tabs) kept storing their grants first: one of
      // theirs is stored, and this sign-in goes on with it instead of failing.
      if (err instanceof SwcGrantBusy) return;
      throw tripError(err, TEXTS);
    }),
    loadIdentity(deps.db, user, deps.config.adminUids),
  ]);
  const { decision } = await decideOn(deps, deps.db, { userId: user.id, isAdmin: identity.isAdmin }, app);
  if (!decision.allowed) {
    // The user row is already stored: a refused sign-in is still recorded.
    await audit(deps.db, input.meta, {
      event: AuditEvent.LoginDenied,
      userId: user.id,
      appKey: app.key,
      at: now,
      details: { reason: decision.reason },
    });
    throw new Refused('forbidden', decision.reason);
  }

  const outcome = await inTransaction(deps.db, async (tx) => {
    const { token, session } = await createSession(tx, deps, { userId: user.id, appId: app.id, meta: input.meta, proof: { kind: 'swc' } });
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
