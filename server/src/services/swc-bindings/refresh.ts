import { AuditEvent } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { SwcGrantGone } from '../../integrations/swcombine/client.ts';
import { insertAudit } from '../../queries/audit.ts';
import {
  bindingId,
  claimDueBindings,
  markBindingLost,
  releaseClaim,
  storeRefreshedTokens,
  type ClaimedBinding,
} from '../../queries/swc-bindings.ts';

/** A binding whose access token expires within this long is refreshed. */
const REFRESH_AHEAD_MS = 15 * 60_000;
/** How long a claimed binding is left to its refresh (far more than SWCombine's request timeout). */
const REFRESH_LEASE_MS = 2 * 60_000;

export const GRANT_GONE_MESSAGE = "SWCombine no longer accepts this binding's grant; connect again with Save & Connect.";

interface BindingRefreshResult {
  refreshed: number;
  lost: number;
  /** SWCombine could not be reached: still connected, tried again at the next run. */
  failed: number;
  /** Reconnected or disconnected by an admin while SWCombine was asked: the admin's change stands. */
  superseded: number;
}

type Outcome = keyof BindingRefreshResult;

type RefreshDeps = Pick<Deps, 'db' | 'clock' | 'swc' | 'encryptor'>;

/** Calls SWCombine with no transaction open; the answer is written only if the binding was not changed meanwhile. */
async function refreshOne(deps: RefreshDeps, claim: ClaimedBinding): Promise<Outcome> {
  let tokens;
  try {
    if (!claim.refresh_token_enc) throw new SwcGrantGone('SWCombine gave this binding no refresh token.');
    tokens = await deps.swc.refresh(deps.encryptor.decrypt(claim.refresh_token_enc));
  } catch (err) {
    if (err instanceof SwcGrantGone) return markLost(deps, claim, err.message);
    await releaseClaim(deps.db, claim);
    await insertAudit(deps.db, {
      event: AuditEvent.SwcBindingRefreshFailed,
      at: deps.clock.now(),
      details: { tenant_id: claim.tenant_id, actor: claim.actor, reason: refreshFailure(err) },
    });
    return 'failed';
  }
  const stored = await storeRefreshedTokens(deps.db, claim, {
    accessTokenEnc: deps.encryptor.encrypt(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? deps.encryptor.encrypt(tokens.refreshToken) : null,
    // A refresh answer that names no scope leaves the grant as it was.
    scopes: tokens.scopes.length ? tokens.scopes : claim.scopes,
    expiresAt: tokens.expiresAt,
    now: deps.clock.now(),
  });
  return stored ? 'refreshed' : 'superseded';
}

/** Why SWCombine could not be asked, in words for the Activity screen (still connected; tried again at the next run). */
const refreshFailure = (err: unknown) => `SWCombine could not be reached: ${err instanceof Error ? err.message : String(err)}`;

async function markLost(deps: Pick<Deps, 'db' | 'clock'>, claim: ClaimedBinding, reason: string): Promise<Outcome> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    if (!(await markBindingLost(tx, claim, GRANT_GONE_MESSAGE, now))) return 'superseded';
    await insertAudit(tx, {
      event: AuditEvent.SwcBindingLost,
      at: now,
      details: { tenant_id: claim.tenant_id, actor: claim.actor, authorized_by: claim.authorized_by_uid, reason },
    });
    return 'lost';
  });
}

/**
 * Refreshes every connected binding that expires within REFRESH_AHEAD_MS. Each binding is claimed
 * for REFRESH_LEASE_MS in one short statement, so replicas running this together split the
 * bindings and none is refreshed twice, while no row lock or transaction stays open during the
 * call to SWCombine (an admin's Save & Connect or Disconnect never waits for it). A binding
 * SWCombine could not be reached for stays connected and is left to the next run.
 */
export async function refreshDueBindings(deps: RefreshDeps): Promise<BindingRefreshResult> {
  const result: BindingRefreshResult = { refreshed: 0, lost: 0, failed: 0, superseded: 0 };
  const tried: string[] = [];
  for (;;) {
    const now = deps.clock.now();
    const [claim] = await claimDueBindings(deps.db, {
      dueBefore: new Date(now.getTime() + REFRESH_AHEAD_MS),
      now,
      leaseUntil: new Date(now.getTime() + REFRESH_LEASE_MS),
      limit: 1,
      skip: tried,
    });
    if (!claim) return result;
    tried.push(bindingId(claim));
    result[await refreshOne(deps, claim)]++;
  }
}
