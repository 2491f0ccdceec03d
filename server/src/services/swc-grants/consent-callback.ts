import { AuditEvent, PORTAL_APP_KEY } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { normaliseScopes, scopesWithout } from '../../domain/swc-scopes.ts';
import { Refused, Unavailable } from '../../lib/errors.ts';
import type { SwcTokenRow } from './queries/swc-tokens.ts';
import { audit } from '../audit.ts';
import { callbackUrl } from '../swcombine/authorization.ts';
import { tripError, type TripTexts } from '../swcombine/trip-failure.ts';
import type { CallbackInput, CallbackOutcome } from '../swcombine/trip.ts';
import { narrowAndStore, SwcGrantBusy, type NarrowedGrant } from './player-grant.ts';

const TEXTS: TripTexts = {
  failed: 'SWCombine did not complete the authorization',
  declined: 'You declined at SWCombine, so your permissions did not change.',
};

/**
 * What the consent may store of the scopes it asked for, given the row as stored now: a scope the
 * player held when the callback first read the row but revoked since stays revoked.
 */
function allowedSince(asked: string[]) {
  let first: SwcTokenRow | null | undefined;
  return (row: SwcTokenRow | null) => {
    if (first === undefined) first = row;
    return scopesWithout(asked, scopesWithout(first?.scopes ?? [], row?.scopes ?? []));
  };
}

/** The SWC consent purpose of the OAuth callback: the same player stores what SWCombine granted. */
export async function completeSwcConsent(
  deps: Pick<Deps, 'db' | 'swc' | 'encryptor' | 'config'>,
  input: CallbackInput,
): Promise<CallbackOutcome> {
  const { attempt, now } = input;
  const userId = typeof attempt.payload.userId === 'string' ? attempt.payload.userId : null;
  const asked = Array.isArray(attempt.payload.scopes) ? normaliseScopes(attempt.payload.scopes.map(String)) : [];
  if (!userId || input.current?.user.id !== userId) {
    throw new Refused(
      'unauthenticated',
      'This SWCombine authorization was started by another player, or your session ended. Sign in and try again.',
    );
  }
  const user = input.current.user;
  let narrowed: NarrowedGrant;
  try {
    const tokens = await deps.swc.exchangeCallback(input.url, input.state, callbackUrl(deps));
    const info = await deps.swc.tokenInfo(tokens.accessToken);
    if (info.uid !== user.uid) {
      await deps.swc.revoke(tokens.refreshToken ?? tokens.accessToken).catch(() => undefined);
      throw new Refused(
        'invalid',
        `You granted the permissions as another character at SWCombine; sign in there as ${user.name} and try again.`,
      );
    }
    narrowed = await narrowAndStore(deps, user.id, tokens, allowedSince(asked), now);
  } catch (err) {
    // Other requests kept changing the player's grant: this trip did not complete either.
    if (err instanceof SwcGrantBusy) throw new Unavailable(`${TEXTS.failed}: ${err.message}`);
    throw tripError(err, TEXTS);
  }
  await audit(deps.db, input.meta, {
    event: AuditEvent.SwcConsentGranted,
    userId: user.id,
    appKey: PORTAL_APP_KEY,
    at: now,
    details: narrowed.kind === 'kept' ? { asked, granted: narrowed.tokens.scopes } : { asked, granted: [], grantRevoked: true },
  });
  return { rd: attempt.rd };
}
