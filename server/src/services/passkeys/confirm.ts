import { AuditEvent, type PasskeyAssertion, type PasskeyOptions } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { Conflict } from '../../lib/errors.ts';
import { listPasskeys } from '../../queries/passkeys.ts';
import { recordPasskeyUse } from '../../queries/sessions.ts';
import { audit, type RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';
import { keepChallenge } from './challenges.ts';
import { CHALLENGE_MINUTES, relyingParty } from './relying-party.ts';
import { verifyAssertion } from './verify-assertion.ts';
import { webAuthn } from './webauthn.ts';

/** The prompt to confirm it is the signed-in player: one of their own passkeys. 409 when they have none. */
export async function confirmOptions(deps: Pick<Deps, 'db' | 'clock' | 'config'>, auth: AuthContext): Promise<PasskeyOptions> {
  const passkeys = await listPasskeys(deps.db, auth.user.id);
  if (passkeys.length === 0) throw new Conflict('You have no passkey yet. Add one on Your account first.');
  const options = await (
    await webAuthn()
  ).generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports })),
    userVerification: 'preferred',
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(deps, options.challenge, 'confirm', auth.session.id);
  return { ...options };
}

/** The player confirmed with one of their passkeys: the session records the use (the admin console and apps may ask for it). */
export async function confirmWithPasskey(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged'>,
  auth: AuthContext,
  answer: PasskeyAssertion,
  meta: RequestMeta,
): Promise<void> {
  const { passkey, amr } = await verifyAssertion(deps, answer, {
    purpose: 'confirm',
    sessionId: auth.session.id,
    expectedUserId: auth.user.id,
    meta,
  });
  const now = deps.clock.now();
  await recordPasskeyUse(deps.db, auth.session.id, now, amr);
  // Forward-auth answers cached for this session (on every replica) name the amr it had before.
  await deps.accessChanged.publish();
  await audit(deps.db, meta, {
    event: AuditEvent.PasskeyUsed,
    userId: auth.user.id,
    at: now,
    details: { value: passkey.name, reason: 'confirmed it’s you' },
  });
}
