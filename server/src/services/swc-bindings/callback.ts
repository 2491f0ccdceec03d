import { AuditEvent, normaliseScopes, SwcBindingActor, SwcTenantId } from '@portal/contract';
import { z } from 'zod';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { swcFailureKind, type SwcTokens } from '../../integrations/swcombine/client.ts';
import { Refused } from '../../lib/errors.ts';
import { upsertBinding } from '../../queries/swc-bindings.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { callbackUrl } from '../swcombine/authorization.ts';
import { tripError, type TripTexts } from '../swcombine/trip-failure.ts';
import type { CallbackInput, CallbackOutcome } from '../swcombine/trip.ts';
import { bindingScreenUrl } from './bindings.ts';

const TEXTS: TripTexts = {
  failed: 'SWCombine did not complete the connection',
  declined: 'You declined at SWCombine, so no permissions were connected.',
};

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
async function authorizingCharacter(deps: Pick<Deps, 'swc'>, tokens: SwcTokens) {
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
    if (swcFailureKind(err) !== 'no-answer') throw err;
    return { uid: info.uid, name: null, faction: null };
  }
}

/** The callback of a binding: stores the grant for the tenant and actor, audited, and returns to the screen. */
export async function completeSwcBinding(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'encryptor' | 'config'>,
  input: CallbackInput,
): Promise<CallbackOutcome> {
  const payload = BindingPayload.safeParse(input.attempt.payload);
  if (!payload.success)
    throw new Refused('invalid', 'This connection attempt is not valid. Please start again from SWCombine Permissions.');
  const { tenantId, actor, userId } = payload.data;
  // The state cookie ties the trip to this browser; the session must still be the admin who started it.
  if (!input.current || input.current.user.id !== userId || !input.current.isAdmin) {
    throw new Refused(
      'unauthenticated',
      'Only the admin who started this connection can complete it. Sign in and use Save & Connect again.',
    );
  }
  let tokens: SwcTokens;
  let character: Awaited<ReturnType<typeof authorizingCharacter>>;
  try {
    tokens = await deps.swc.exchangeCallback(input.url, input.state, callbackUrl(deps));
    character = await authorizingCharacter(deps, tokens);
  } catch (err) {
    throw tripError(err, TEXTS);
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
