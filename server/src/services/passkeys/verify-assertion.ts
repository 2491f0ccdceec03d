import { AuditEvent, type PasskeyAssertion } from '@portal/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Deps } from '../../deps.ts';
import { passkeyAmr } from '../../domain/passkey-amr.ts';
import { Refused } from '../../lib/errors.ts';
import { findPasskeyByCredentialId, recordPasskeyUsed, type ChallengePurpose, type PasskeyRow } from '../../queries/passkeys.ts';
import { audit, type RequestMeta } from '../audit.ts';
import { useChallenge } from './challenges.ts';
import { relyingParty } from './relying-party.ts';
import { webAuthn } from './webauthn.ts';

/** What a verified passkey answer proves: whose passkey it was, and the RFC 8176 methods it showed. */
interface PasskeyProof {
  passkey: PasskeyRow;
  amr: string[];
}

/**
 * Checks a passkey answer to a prompt of `purpose`: its one-time challenge, that the passkey is
 * registered (to `expectedUserId` when given), the origin and RP ID, the signature, and that the
 * signature counter went forward. Every refusal of a known passkey or player is audited.
 */
export async function verifyAssertion(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  answer: PasskeyAssertion,
  ctx: { purpose: ChallengePurpose; sessionId: string | null; expectedUserId: string | null; meta: RequestMeta },
): Promise<PasskeyProof> {
  const now = deps.clock.now();
  const challenge = await useChallenge(deps, answer.response.clientDataJSON, ctx.purpose, ctx.sessionId);
  const refuse = async (userId: string | null, reason: string, message: string, kind: 'invalid' | 'forbidden' = 'invalid') => {
    await audit(deps.db, ctx.meta, { event: AuditEvent.PasskeyRefused, userId, at: now, details: { reason } });
    return new Refused(kind, message);
  };

  const passkey = await findPasskeyByCredentialId(deps.db, answer.id);
  if (!passkey) {
    throw await refuse(
      ctx.expectedUserId,
      'passkey not registered',
      'This passkey is not registered here: it may have been removed. Sign in with SWCombine instead.',
    );
  }
  const handle = answer.response.userHandle;
  const handleUser = handle === undefined ? null : Buffer.from(handle, 'base64url').toString('utf8');
  if ((ctx.expectedUserId && passkey.user_id !== ctx.expectedUserId) || (handleUser !== null && handleUser !== passkey.user_id)) {
    throw await refuse(
      ctx.expectedUserId ?? passkey.user_id,
      'another player’s passkey',
      'This passkey belongs to another player.',
      'forbidden',
    );
  }

  const { rpID, origin } = relyingParty(deps.config);
  const { verifyAuthenticationResponse } = await webAuthn();
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: answer as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
  } catch (err) {
    const message = (err as Error).message;
    if (/counter value/i.test(message)) {
      throw await refuse(
        passkey.user_id,
        `signature counter went backwards on ${passkey.name}: a cloned authenticator?`,
        `The passkey “${passkey.name}” answered with a signature counter that went backwards, the mark of a copied authenticator, so it was refused.`,
        'forbidden',
      );
    }
    throw await refuse(passkey.user_id, `answer did not verify: ${message}`, `The passkey answer was refused: ${message}`);
  }
  if (!result.verified)
    throw await refuse(passkey.user_id, 'signature did not verify', 'The passkey answer was refused: its signature did not verify.');
  const info = result.authenticationInfo;
  const recorded = await recordPasskeyUsed(deps.db, passkey.id, {
    readCounter: passkey.counter,
    newCounter: info.newCounter,
    backedUp: info.credentialBackedUp,
    now,
  });
  if (!recorded)
    throw await refuse(passkey.user_id, 'used twice at once', 'This passkey was used by another sign-in at the same moment. Try again.');
  return { passkey, amr: passkeyAmr(passkey.device_type, info.userVerified) };
}
