import { AuditEvent } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { SwcBudgetExhausted, SwcUpstreamError, type SwcCharacter } from '../../integrations/swcombine/client.ts';
import { Unavailable } from '../../lib/errors.ts';
import { findUserProfileByUid } from '../../queries/users.ts';
import { audit, type RequestMeta } from '../audit.ts';

/** Read from SWCombine just now, or the one already stored for this user. */
type SignInProfile = { kind: 'fresh'; character: SwcCharacter } | { kind: 'stored'; userId: string };

/**
 * Who signed in, spending a web-service request only when needed: the token info (an OAuth call,
 * outside the request budget) names the player, and a profile read within the configured age is
 * kept. When the budget is used up, a returning player signs in with their older profile; a new
 * player cannot (the failure is audited): Unavailable until the budget's retry time.
 */
export async function signInProfile(
  deps: Pick<Deps, 'db' | 'swc' | 'config'>,
  accessToken: string,
  ctx: { appKey: string; meta: RequestMeta; now: Date },
): Promise<SignInProfile> {
  const info = await deps.swc.tokenInfo(accessToken);
  const known = await findUserProfileByUid(deps.db, info.uid);
  const maxAgeMs = deps.config.swc.profileMaxAgeHours * 3_600_000;
  if (known?.profileRefreshedAt && ctx.now.getTime() - known.profileRefreshedAt.getTime() < maxAgeMs) {
    return { kind: 'stored', userId: known.id };
  }
  let character: SwcCharacter;
  try {
    character = await deps.swc.getCharacter(accessToken, 'interactive');
  } catch (err) {
    if (!(err instanceof SwcBudgetExhausted)) throw err;
    if (known?.hasName) return { kind: 'stored', userId: known.id };
    await audit(deps.db, ctx.meta, {
      event: AuditEvent.LoginFailed,
      userId: known?.id,
      appKey: ctx.appKey,
      at: ctx.now,
      details: { reason: 'SWCombine request budget used up', uid: info.uid, retry_at: err.retryAt.toISOString() },
    });
    throw new Unavailable('SWCombine’s request limit for this hour has been reached, so your profile could not be read.', err.retryAt);
  }
  if (character.uid !== info.uid) throw new SwcUpstreamError('SWCombine answered another character than the one who signed in.');
  return { kind: 'fresh', character };
}
