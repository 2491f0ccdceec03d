import { AuditEvent, PORTAL_APP_KEY, type PasskeyAssertion, type PasskeyOptions } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { Refused } from '../../lib/errors.ts';
import { findAppByAudience } from '../../queries/apps.ts';
import { recordSignInWithStoredProfile } from '../../queries/users.ts';
import { audit, type RequestMeta } from '../audit.ts';
import { decideOn } from '../decisions/decide.ts';
import { loadIdentity } from '../sessions/identity.ts';
import { createSession } from '../sessions/session.ts';
import { keepChallenge } from './challenges.ts';
import { CHALLENGE_MINUTES, relyingParty } from './relying-party.ts';
import { verifyAssertion } from './verify-assertion.ts';
import { webAuthn } from './webauthn.ts';

/** The prompt of a passkey sign-in: any discoverable passkey of this site, user verification preferred. */
export async function passkeySignInOptions(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<PasskeyOptions> {
  const options = await (
    await webAuthn()
  ).generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    userVerification: 'preferred',
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(deps, options.challenge, 'sign_in', null);
  return { ...options };
}

/**
 * Signs a player in to the portal with a passkey, with no SWCombine round trip: their profile,
 * groups and factions are the last known ones. The one access rule still decides (a suspension or
 * revocation wins), exactly as for a SWCombine sign-in.
 */
export async function signInWithPasskey(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  answer: PasskeyAssertion,
  meta: RequestMeta,
): Promise<{ token: string; expiresAt: Date; redirect: string }> {
  const { passkey, amr } = await verifyAssertion(deps, answer, { purpose: 'sign_in', sessionId: null, expectedUserId: null, meta });
  const now = deps.clock.now();
  const app = await findAppByAudience(deps.db, PORTAL_APP_KEY);
  if (!app) throw new Error('the portal app is missing');
  const user = await recordSignInWithStoredProfile(deps.db, passkey.user_id, now);
  const identity = await loadIdentity(deps.db, user, deps.config.adminUids);
  const { decision } = await decideOn(deps, deps.db, { userId: user.id, isAdmin: identity.isAdmin }, app);
  if (!decision.allowed) {
    await audit(deps.db, meta, {
      event: AuditEvent.LoginDenied,
      userId: user.id,
      appKey: app.key,
      at: now,
      details: { reason: decision.reason, method: 'passkey' },
    });
    throw new Refused('forbidden', decision.reason);
  }
  return inTransaction(deps.db, async (tx) => {
    const { token, session } = await createSession(tx, deps, { userId: user.id, appId: app.id, meta, proof: { kind: 'passkey', amr } });
    await audit(tx, meta, {
      event: AuditEvent.Login,
      userId: user.id,
      appKey: app.key,
      expiresAt: session.expires_at,
      at: now,
      details: { sid: session.sid, via: 'a passkey', method: 'passkey' },
    });
    await audit(tx, meta, {
      event: AuditEvent.PasskeyUsed,
      userId: user.id,
      at: now,
      details: { value: passkey.name, reason: 'signed in' },
    });
    return { token, expiresAt: session.expires_at, redirect: `${deps.config.publicUrl}/dashboard` };
  });
}
