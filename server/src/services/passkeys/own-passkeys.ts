import {
  AuditEvent,
  PASSKEY_ADD_FRESH_MINUTES,
  type AddPasskeyInput,
  type OwnPasskeys,
  type Passkey,
  type PasskeyOptions,
} from '@portal/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Deps } from '../../deps.ts';
import { Conflict, NotFound, Refused } from '../../lib/errors.ts';
import { deletePasskey, insertPasskey, listPasskeys } from '../../queries/passkeys.ts';
import { audit, type RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';
import { keepChallenge, useChallenge } from './challenges.ts';
import { CHALLENGE_MINUTES, relyingParty } from './relying-party.ts';
import { passkeyView } from './views.ts';
import { webAuthn } from './webauthn.ts';

/** Until when this session may add a passkey: PASSKEY_ADD_FRESH_MINUTES after its last SWCombine sign-in. */
function canAddUntil(auth: AuthContext): Date | null {
  const at = auth.session.swc_signed_in_at;
  return at ? new Date(at.getTime() + PASSKEY_ADD_FRESH_MINUTES * 60_000) : null;
}

/**
 * With passkeys already, one of them must have been used in this session within
 * PASSKEY_ADD_FRESH_MINUTES: else a stolen game password could add a passkey of its own beside them
 * (and open the admin console with it).
 */
function confirmFirst(deps: Pick<Deps, 'clock'>, auth: AuthContext, existing: number): boolean {
  const used = auth.session.passkey_used_at;
  return existing > 0 && (!used || used.getTime() + PASSKEY_ADD_FRESH_MINUTES * 60_000 <= deps.clock.now().getTime());
}

/** A stolen session cookie alone cannot add a passkey: the SWCombine sign-in behind it must be fresh (and a passkey of theirs used, if they have one). */
function assertMayAdd(deps: Pick<Deps, 'clock'>, auth: AuthContext, existing: number) {
  const until = canAddUntil(auth);
  if (!until || until <= deps.clock.now()) {
    throw new Refused(
      'forbidden',
      `Adding a passkey needs a SWCombine sign-in at most ${PASSKEY_ADD_FRESH_MINUTES} minutes old. Sign in with SWCombine again, then add it.`,
    );
  }
  if (confirmFirst(deps, auth, existing)) {
    throw new Refused('forbidden', 'You already have a passkey: confirm it’s you with one of them first, then add the new one.');
  }
}

export async function ownPasskeys(deps: Pick<Deps, 'db' | 'clock'>, auth: AuthContext): Promise<OwnPasskeys> {
  const until = canAddUntil(auth);
  const rows = await listPasskeys(deps.db, auth.user.id);
  return {
    passkeys: rows.map(passkeyView),
    can_add_until: until && until > deps.clock.now() ? until.toISOString() : null,
    confirm_first: confirmFirst(deps, auth, rows.length),
  };
}

/** The browser's prompt to create a discoverable passkey for this player, user verification preferred. */
export async function passkeyCreationOptions(deps: Pick<Deps, 'db' | 'clock' | 'config'>, auth: AuthContext): Promise<PasskeyOptions> {
  const existing = await listPasskeys(deps.db, auth.user.id);
  assertMayAdd(deps, auth, existing.length);
  const { rpID, rpName } = relyingParty(deps.config);
  const options = await (
    await webAuthn()
  ).generateRegistrationOptions({
    rpName,
    rpID,
    userName: auth.user.name ?? auth.user.uid,
    userDisplayName: auth.user.name ?? auth.user.uid,
    // The user handle names the player by the portal's own id, never by anything personal.
    userID: new TextEncoder().encode(auth.user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(deps, options.challenge, 'register', auth.session.id);
  return { ...options };
}

export async function addPasskey(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  auth: AuthContext,
  input: { name: string; answer: AddPasskeyInput['answer'] },
  meta: RequestMeta,
): Promise<Passkey> {
  assertMayAdd(deps, auth, (await listPasskeys(deps.db, auth.user.id)).length);
  const now = deps.clock.now();
  const challenge = await useChallenge(deps, input.answer.response.clientDataJSON, 'register', auth.session.id);
  const { rpID, origin } = relyingParty(deps.config);
  const { verifyRegistrationResponse } = await webAuthn();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.answer as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (err) {
    throw new Refused('invalid', `The passkey could not be added: ${(err as Error).message}`);
  }
  if (!verified.verified) throw new Refused('invalid', 'The passkey could not be added: its answer did not verify.');
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const row = await insertPasskey(deps.db, {
    userId: auth.user.id,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name: input.name,
    now,
  });
  if (!row) throw new Conflict('This passkey is already registered.');
  await audit(deps.db, meta, { event: AuditEvent.PasskeyAdded, userId: auth.user.id, at: now, details: { value: row.name } });
  return passkeyView(row);
}

export async function removeOwnPasskey(deps: Pick<Deps, 'db' | 'clock'>, auth: AuthContext, id: string, meta: RequestMeta): Promise<void> {
  const row = await deletePasskey(deps.db, auth.user.id, id);
  if (!row) throw new NotFound('You have no such passkey.');
  await audit(deps.db, meta, {
    event: AuditEvent.PasskeyRemoved,
    userId: auth.user.id,
    at: deps.clock.now(),
    details: { value: row.name },
  });
}
