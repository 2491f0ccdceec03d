import { AuditEvent } from '@portal/contract';
import { inTransaction } from '../db/pool.ts';
import type { Deps } from '../deps.ts';
import { SwcGrantGone } from '../integrations/swcombine/client.ts';
import { insertAudit } from '../queries/audit.ts';
import { bindingId, lockDueBindings, markBindingLost, storeRefreshedTokens, type SwcBindingRow } from '../queries/swc-bindings.ts';

/** A binding whose access token expires within this long is refreshed. */
export const REFRESH_AHEAD_MS = 15 * 60_000;
const BATCH = 20;

export const GRANT_GONE_MESSAGE = "SWCombine no longer accepts this binding's grant; connect again with Save & Connect.";

export interface BindingRefreshResult {
  refreshed: number;
  lost: number;
  /** SWCombine could not be reached: still connected, tried again at the next run. */
  failed: number;
}

type Outcome = keyof BindingRefreshResult;

async function refreshOne(deps: Deps, tx: Parameters<typeof markBindingLost>[0], row: SwcBindingRow): Promise<Outcome> {
  const key = { tenantId: row.tenant_id, actor: row.actor };
  const now = deps.clock.now();
  try {
    if (!row.refresh_token_enc) throw new SwcGrantGone('SWCombine gave this binding no refresh token.');
    const tokens = await deps.swc.refresh(deps.encryptor.decrypt(row.refresh_token_enc));
    await storeRefreshedTokens(tx, key, {
      accessTokenEnc: deps.encryptor.encrypt(tokens.accessToken),
      refreshTokenEnc: tokens.refreshToken ? deps.encryptor.encrypt(tokens.refreshToken) : null,
      // A refresh answer that names no scope leaves the grant as it was.
      scopes: tokens.scopes.length ? tokens.scopes : row.scopes,
      expiresAt: tokens.expiresAt,
      now,
    });
    return 'refreshed';
  } catch (err) {
    if (!(err instanceof SwcGrantGone)) return 'failed';
    await markBindingLost(tx, key, GRANT_GONE_MESSAGE, now);
    await insertAudit(tx, {
      event: AuditEvent.SwcBindingLost,
      at: now,
      details: { tenant_id: row.tenant_id, actor: row.actor, authorized_by: row.authorized_by_uid, reason: err.message },
    });
    return 'lost';
  }
}

/**
 * Refreshes every connected binding that expires within REFRESH_AHEAD_MS. Rows are locked with SKIP
 * LOCKED, so replicas running this together split the bindings and none is refreshed twice. A
 * binding SWCombine could not be reached for stays connected and is left to the next run.
 */
export async function refreshDueBindings(deps: Deps): Promise<BindingRefreshResult> {
  const result: BindingRefreshResult = { refreshed: 0, lost: 0, failed: 0 };
  const tried: string[] = [];
  for (;;) {
    const selected = await inTransaction(deps.db, async (tx) => {
      const dueBefore = new Date(deps.clock.now().getTime() + REFRESH_AHEAD_MS);
      const rows = await lockDueBindings(tx, { dueBefore, limit: BATCH, skip: tried });
      for (const row of rows) {
        tried.push(bindingId(row));
        result[await refreshOne(deps, tx, row)]++;
      }
      return rows.length;
    });
    if (selected < BATCH) return result;
  }
}
