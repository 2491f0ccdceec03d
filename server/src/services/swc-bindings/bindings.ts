import { AuditEvent, type SwcBindingQuery, type SwcBindingStatus } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { SwcAuthError } from '../../integrations/swcombine/client.ts';
import { NotFound, Unavailable } from '../../lib/errors.ts';
import { deleteBinding, findBinding, type BindingKey, type SwcBindingRow } from '../../queries/swc-bindings.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { startUpstreamAuthorization } from '../swcombine/authorization.ts';
import { budgetStatus } from '../swcombine/budget.ts';

const keyOf = (q: SwcBindingQuery): BindingKey => ({ tenantId: q.tenant_id, actor: q.actor });
const named = (uid: string | null, name: string | null) => (uid ? { uid, name: name ?? uid } : null);

function toStatus(row: SwcBindingRow | null): Omit<SwcBindingStatus, 'budget'> {
  if (!row) return { connected: false, grantedScopes: [], error: null, authorizedBy: null, faction: null, updatedAt: null };
  return {
    connected: row.connected,
    grantedScopes: row.scopes,
    error: row.error,
    authorizedBy: named(row.authorized_by_uid, row.authorized_by_name),
    faction: named(row.faction_uid, row.faction_name),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A tenant and actor's binding as the admin screen shows it, with the deployment's request budget. */
export async function bindingStatus(deps: Pick<Deps, 'db' | 'clock' | 'config'>, query: SwcBindingQuery): Promise<SwcBindingStatus> {
  const [row, budget] = await Promise.all([findBinding(deps.db, keyOf(query)), budgetStatus(deps)]);
  return {
    ...toStatus(row),
    budget: { limit: budget.limit, remaining: budget.remaining, resetAt: budget.resetAt?.toISOString() ?? null },
  };
}

/** Where the callback returns the admin: the screen, showing the binding just made. */
export function bindingScreenUrl(deps: Pick<Deps, 'config'>, key: BindingKey): string {
  const url = new URL('/admin/swc', deps.config.publicUrl);
  url.searchParams.set('tenant_id', key.tenantId);
  url.searchParams.set('actor', key.actor);
  return url.href;
}

/** Sends the admin to SWCombine for an offline grant of `scopes` on behalf of the tenant and actor. */
export async function startSwcBinding(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'config'>,
  input: { query: SwcBindingQuery; scopes: string[]; userId: string },
): Promise<{ url: string; state: string }> {
  const key = keyOf(input.query);
  return startUpstreamAuthorization(deps, {
    purpose: 'swc_binding',
    payload: { tenantId: key.tenantId, actor: key.actor, userId: input.userId },
    rd: bindingScreenUrl(deps, key),
    scopes: input.scopes,
    accessType: 'offline',
    // The ticked scopes are the whole grant: an unticked scope is given up.
    renewPreviouslyGranted: false,
  });
}

/** Revokes the grant at SWCombine, then forgets the binding (audited). */
export async function disconnectSwcBinding(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'encryptor' | 'config'>,
  admin: Actor,
  query: SwcBindingQuery,
): Promise<SwcBindingStatus> {
  const key = keyOf(query);
  const row = await findBinding(deps.db, key);
  if (!row) throw new NotFound(`There is no SWCombine binding for tenant ${key.tenantId} and actor ${key.actor}.`);
  // The refresh token ends the whole grant; without one, the access token is all there is to end.
  const token = deps.encryptor.decrypt(row.refresh_token_enc ?? row.access_token_enc);
  try {
    await deps.swc.revoke(token);
  } catch (err) {
    // SWCombine refusing the token means the grant is already gone: forgetting it is right.
    if (!(err instanceof SwcAuthError)) {
      throw new Unavailable('SWCombine could not be reached, so the grant was not revoked and the binding is kept. Try again in a moment.');
    }
  }
  await inTransaction(deps.db, async (tx) => {
    await deleteBinding(tx, key);
    await auditAdmin(deps, tx, admin, AuditEvent.SwcBindingDisconnected, {
      details: { tenant_id: key.tenantId, actor: key.actor, authorized_by: row.authorized_by_uid },
    });
  });
  return bindingStatus(deps, query);
}
