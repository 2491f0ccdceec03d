import type { Deps } from '../../deps.ts';
import { Refused } from '../../lib/errors.ts';
import { insertChallenge, takeChallenge, type ChallengePurpose } from '../../queries/passkeys.ts';
import { CHALLENGE_MINUTES } from './relying-party.ts';

/** Keeps the challenge of a prompt just made, for one answer within CHALLENGE_MINUTES. */
export async function keepChallenge(
  deps: Pick<Deps, 'db' | 'clock'>,
  challenge: string,
  purpose: ChallengePurpose,
  sessionId: string | null,
): Promise<void> {
  const now = deps.clock.now();
  await insertChallenge(deps.db, { challenge, purpose, sessionId, now, expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000) });
}

/** The challenge the browser signed, read from the client data (checked again by the library's verification). */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Takes the challenge an answer signed: it is gone afterwards, whatever follows. Refused when it was
 * never issued here for this purpose (and session), was used already, or is older than CHALLENGE_MINUTES.
 */
export async function useChallenge(
  deps: Pick<Deps, 'db' | 'clock'>,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  sessionId: string | null,
): Promise<string> {
  const challenge = signedChallenge(clientDataJSON);
  if (!challenge || !(await takeChallenge(deps.db, { challenge, purpose, sessionId, now: deps.clock.now() }))) {
    throw new Refused(
      'invalid',
      `This passkey prompt was already used or is older than ${CHALLENGE_MINUTES} minutes. Try again: each prompt can be answered once.`,
    );
  }
  return challenge;
}
