import { normaliseScopes, type SwcBindingActor } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { findBinding } from '../../queries/swc-bindings.ts';
import { INVENTORY_KINDS } from './targets.ts';

/** The binding whose faction inventory the sync reads. */
export const INVENTORY_BINDING: { tenantId: string; actor: SwcBindingActor } = { tenantId: '1324', actor: 'faction-leader' };

export const CONNECT_BINDING_FIRST = `Connect a SWCombine binding with faction inventory scopes on SWC Integration (tenant ${INVENTORY_BINDING.tenantId}, ${INVENTORY_BINDING.actor}) first.`;

export type InventoryKind = (typeof INVENTORY_KINDS)[number];

export type BindingAccess = { accessToken: string; factionUid: string; kinds: InventoryKind[] } | { error: string };

/** A kind is readable with `faction_inv_<kind>_read` or its family scope `faction_inv_<kind>_all`. */
const grants = (scopes: string[], kind: InventoryKind) =>
  scopes.includes(`faction_inv_${kind}_read`) || scopes.includes(`faction_inv_${kind}_all`);

/** The binding's token, faction and the inventory kinds its scopes open, or what the admin must do first. */
export async function getBindingAccess(
  deps: Pick<Deps, 'db' | 'encryptor'>,
  key: { tenantId: string; actor: SwcBindingActor },
): Promise<BindingAccess> {
  const binding = await findBinding(deps.db, key);
  if (!binding || !binding.connected) return { error: CONNECT_BINDING_FIRST };
  if (!binding.faction_uid) {
    return { error: `The character who authorized the binding belongs to no faction. ${CONNECT_BINDING_FIRST}` };
  }
  const scopes = normaliseScopes(binding.scopes);
  const kinds = INVENTORY_KINDS.filter((kind) => grants(scopes, kind));
  if (kinds.length === 0) return { error: `The binding grants no faction inventory scope. ${CONNECT_BINDING_FIRST}` };
  return { accessToken: deps.encryptor.decrypt(binding.access_token_enc), factionUid: binding.faction_uid, kinds };
}
