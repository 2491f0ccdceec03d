import { AuditEvent, normaliseScopes, SwcBindingActor, SwcTenantId, type SwcBindingQuery, type SwcBindingStatus } from '@portal/contract';
import { z } from 'zod';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { SwcAuthError, SwcBudgetExhausted, SwcUpstreamError, type SwcTokens } from '../../integrations/swcombine/client.ts';
import { notFound, unavailable } from '../../lib/errors.ts';
import { deleteBinding, findBinding, upsertBinding, type BindingKey, type SwcBindingRow } from '../../queries/swc-bindings.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { LoginFailed } from '../sign-in/start.ts';
import type { CallbackInput, CallbackOutcome } from '../sign-in/callback.ts';
import { budgetStatus } from '../swcombine/budget.ts';
import { callbackUrl, startUpstreamAuthorization } from '../swcombine/authorization.ts';
import { tripError } from '../swcombine/trip-failure.ts';

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
export async function bindingStatus(deps: Deps, query: SwcBindingQuery): Promise<SwcBindingStatus> {
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
  deps: Deps,
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

const BindingPayload = z.object({ tenantId: SwcTenantId, actor: SwcBindingActor, userId: z.uuid() });

const CharacterWithFaction = z.object({
  character: z.object({
    uid: z.string(),
    name: z.string(),
    faction: z.object({ attributes: z.object({ uid: z.string() }), value: z.string() }).nullish(),
  }),
});

const grantsCharacterRead = (scopes: string[]) => normaliseScopes(scopes).some((s) => s === 'character_read' || s === 'character_all');

/**
 * Who granted it: token info names the character (an OAuth call, no request budget); with
 * character_read granted, one interactive web-service call adds their name and faction. When that
 * call cannot be made the binding is still stored, named by UID.
 */
async function authorizingCharacter(deps: Deps, tokens: SwcTokens) {
  const info = await deps.swc.tokenInfo(tokens.accessToken);
  if (!grantsCharacterRead(tokens.scopes)) return { uid: info.uid, name: null, faction: null };
  try {
    const { character } = await deps.swc.webService({
      path: '/character/',
      accessToken: tokens.accessToken,
      callClass: 'interactive',
      schema: CharacterWithFaction,
      what: 'the character lookup',
    });
    const faction = character.faction ? { uid: character.faction.attributes.uid, name: character.faction.value } : null;
    return { uid: info.uid, name: character.name, faction };
  } catch (err) {
    if (!(err instanceof SwcUpstreamError || err instanceof SwcBudgetExhausted)) throw err;
    return { uid: info.uid, name: null, faction: null };
  }
}

/** The callback of a binding: stores the grant for the tenant and actor, audited, and returns to the screen. */
export async function completeSwcBinding(deps: Deps, input: CallbackInput): Promise<CallbackOutcome> {
  const payload = BindingPayload.safeParse(input.attempt.payload);
  if (!payload.success) throw new LoginFailed('This connection attempt is not valid. Please start again from SWCombine Permissions.');
  const { tenantId, actor, userId } = payload.data;
  // The state cookie ties the trip to this browser; the session must still be the admin who started it.
  if (!input.current || input.current.user.id !== userId || !input.current.isAdmin) {
    throw new LoginFailed('Only the admin who started this connection can complete it. Sign in and use Save & Connect again.');
  }
  let tokens: SwcTokens;
  let character: Awaited<ReturnType<typeof authorizingCharacter>>;
  try {
    tokens = await deps.swc.exchangeCallback(input.url, input.state, callbackUrl(deps));
    character = await authorizingCharacter(deps, tokens);
  } catch (err) {
    throw tripError(err, {
      failed: 'SWCombine did not complete the connection',
      declined: { message: 'You declined at SWCombine, so no permissions were connected.', title: 'Connection cancelled' },
    });
  }
  const actingAdmin: Actor = { userId, meta: input.meta };
  await inTransaction(deps.db, async (tx) => {
    await upsertBinding(tx, {
      tenantId,
      actor,
      accessTokenEnc: deps.encryptor.encrypt(tokens.accessToken),
      refreshTokenEnc: tokens.refreshToken ? deps.encryptor.encrypt(tokens.refreshToken) : null,
      scopes: tokens.scopes,
      authorizedBy: { uid: character.uid, name: character.name },
      faction: character.faction,
      expiresAt: tokens.expiresAt,
      now: input.now,
    });
    await auditAdmin(deps, tx, actingAdmin, AuditEvent.SwcBindingConnected, {
      details: { tenant_id: tenantId, actor, scopes: tokens.scopes, authorized_by: character.uid },
    });
  });
  return { rd: bindingScreenUrl(deps, { tenantId, actor }) };
}

/** Revokes the grant at SWCombine, then forgets the binding (audited). */
export async function disconnectSwcBinding(deps: Deps, admin: Actor, query: SwcBindingQuery): Promise<SwcBindingStatus> {
  const key = keyOf(query);
  const row = await findBinding(deps.db, key);
  if (!row) throw notFound(`There is no SWCombine binding for tenant ${key.tenantId} and actor ${key.actor}.`);
  // The refresh token ends the whole grant; without one, the access token is all there is to end.
  const token = deps.encryptor.decrypt(row.refresh_token_enc ?? row.access_token_enc);
  try {
    await deps.swc.revoke(token);
  } catch (err) {
    // SWCombine refusing the token means the grant is already gone: forgetting it is right.
    if (!(err instanceof SwcAuthError)) {
      throw unavailable('SWCombine could not be reached, so the grant was not revoked and the binding is kept. Try again in a moment.');
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
