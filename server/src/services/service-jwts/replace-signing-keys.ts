import { AuditEvent, RotationType, type SigningKeysReplaced } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { JWKS_MAX_AGE_SECONDS } from '../tokens/signing-keys.ts';
import { findServiceJwt, listServiceJwts } from './queries/service-jwts.ts';
import { rotateServiceJwt } from './rotation.ts';

/**
 * "Replace signing keys now", for a suspected leak: every signing key is deleted and new ones sign at once
 * (audited in the same transaction). What the old keys signed stops verifying at the portal now, and at
 * each app once its cached JWKS expires. Forward auth's cached answers carry JWTs signed by the old key, so
 * every replica drops them; each service JWT is re-issued and written into its Secret, so services keep
 * working.
 */
export async function replaceSigningKeys(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config' | 'secrets' | 'accessChanged'>,
  actor: Actor,
): Promise<SigningKeysReplaced> {
  const keys = await inTransaction(deps.db, async (tx) => {
    const replaced = await deps.keys.replaceNow(tx);
    await auditAdmin(deps, tx, actor, AuditEvent.SigningKeysReplaced, {
      details: { removed_kids: replaced.removed, new_kids: replaced.added },
    });
    // Forward auth's answers carry JWTs signed by the old keys.
    tx.afterCommit(() => deps.accessChanged.publish());
    return replaced;
  });
  let reissued = 0;
  const failed: string[] = [];
  for (const { id } of await listServiceJwts(deps.db)) {
    const outcome = await inTransaction(deps.db, async (tx) => {
      const row = await findServiceJwt(tx, id, { lock: true });
      return row ? { name: row.service_name, ...(await rotateServiceJwt(deps, tx, row, RotationType.Manual, actor.userId)) } : null;
    });
    if (outcome?.ok) reissued += 1;
    else if (outcome) failed.push(outcome.name);
  }
  return {
    new_kids: keys.added,
    removed_keys: keys.removed.length,
    service_jwts_reissued: reissued,
    service_jwts_failed: failed,
    jwks_max_age_seconds: JWKS_MAX_AGE_SECONDS,
  };
}
