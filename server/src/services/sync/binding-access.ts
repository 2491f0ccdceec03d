import { INVENTORY_SWC_BINDING, normaliseScopes } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { findBinding } from '../../queries/swc-bindings.ts';
import { INVENTORY_KINDS } from './targets.ts';

/** The binding whose faction inventory the sync reads. */
const INVENTORY_BINDING = INVENTORY_SWC_BINDING;

const ON_SWC_INTEGRATION = `connect one on SWC Integration (tenant ${INVENTORY_BINDING.tenantId}, ${INVENTORY_BINDING.actor})`;

/** Why the inventory cannot be read yet and how to fix it: the run skips it with this reason. */
const NEEDS_BINDING = `needs a SWCombine binding: ${ON_SWC_INTEGRATION}`;
const NEEDS_FACTION = `needs a SWCombine binding by a character in a faction: ${ON_SWC_INTEGRATION}`;
const NEEDS_INVENTORY_SCOPE = `needs a SWCombine binding with a faction inventory scope (faction_inv_<kind>_read or _all): ${ON_SWC_INTEGRATION}`;

/** What to do when SWCombine stops taking the binding's token in the middle of a read. */
export const CONNECT_BINDING_FIRST = `Connect a SWCombine binding with faction inventory scopes on SWC Integration (tenant ${INVENTORY_BINDING.tenantId}, ${INVENTORY_BINDING.actor}) first.`;

export type InventoryKind = (typeof INVENTORY_KINDS)[number];

/** The binding's faction and the inventory kinds its scopes open, or what it lacks (see NEEDS_BINDING). */
export type BindingReadiness = { factionUid: string; kinds: InventoryKind[]; accessTokenEnc: string } | { missing: string };

type BindingAccess = { accessToken: string; factionUid: string; kinds: InventoryKind[] } | { missing: string };

/** A kind is readable with `faction_inv_<kind>_read` or its family scope `faction_inv_<kind>_all`. */
const readableWith = (scopes: string[], kind: InventoryKind) =>
  scopes.includes(`faction_inv_${kind}_read`) || scopes.includes(`faction_inv_${kind}_all`);

/** Whether the inventory can be read now (without opening the token): for the run, and for the screen's figures. */
export async function inventoryReadiness(deps: Pick<Deps, 'db'>): Promise<BindingReadiness> {
  const binding = await findBinding(deps.db, INVENTORY_BINDING);
  if (!binding || !binding.connected) return { missing: NEEDS_BINDING };
  if (!binding.faction_uid) return { missing: NEEDS_FACTION };
  const scopes = normaliseScopes(binding.scopes);
  const kinds = INVENTORY_KINDS.filter((kind) => readableWith(scopes, kind));
  if (kinds.length === 0) return { missing: NEEDS_INVENTORY_SCOPE };
  return { factionUid: binding.faction_uid, kinds, accessTokenEnc: binding.access_token_enc };
}

/** The binding's token, faction and the inventory kinds its scopes open, or what the admin must do first. */
export async function getBindingAccess(deps: Pick<Deps, 'db' | 'encryptor'>): Promise<BindingAccess> {
  const ready = await inventoryReadiness(deps);
  if ('missing' in ready) return ready;
  return { accessToken: deps.encryptor.decrypt(ready.accessTokenEnc), factionUid: ready.factionUid, kinds: ready.kinds };
}
