import { z } from 'zod';
import { singleLineText } from './text.ts';

/** GET/POST /api/swc/auth-token: the user's automation-token switch. */
export const AutomationToken = z.object({ enabled: z.boolean() });
export type AutomationToken = z.infer<typeof AutomationToken>;

/**
 * The one spelling of a scope list: trimmed, lowercased (SWCombine refuses uppercase; the screens
 * show some uppercase), de-duplicated and sorted, so lists compare and read alike.
 */
export const normaliseScopes = (scopes: Iterable<string>): string[] =>
  [...new Set([...scopes].map((s) => s.trim().toLowerCase()).filter(Boolean))].sort();

/** Who a game-integration binding acts as: the faction's leader or a service account. */
export const SWC_BINDING_ACTORS = ['faction-leader', 'service-account'] as const;
export const SwcBindingActor = z.enum(SWC_BINDING_ACTORS, { error: 'actor must be faction-leader or service-account' });
export type SwcBindingActor = z.infer<typeof SwcBindingActor>;

/** The scopes the SWCombine Permissions screen offers, in the spelling it shows. */
export const SWC_BINDING_SCOPES = [
  'CHARACTER_AUTH',
  'CHARACTER_READ',
  'faction_inv_ships_all',
  'faction_credits_read',
  'character_events',
  'faction_datacards_read',
  'faction_datacards_write',
  'faction_credits_write',
  // Lets the portal read the faction's member list: faction groups follow who joins and leaves.
  'faction_members',
] as const;
const OFFERED = new Set(normaliseScopes(SWC_BINDING_SCOPES));

export const DEFAULT_SWC_TENANT = 't_default';
export const DEFAULT_SWC_ACTOR: SwcBindingActor = 'faction-leader';
/** The binding whose faction inventory the data sync reads (SWC Integration says so beside Tenant). */
export const INVENTORY_SWC_BINDING: { tenantId: string; actor: SwcBindingActor } = { tenantId: '1324', actor: 'faction-leader' };

export const SwcTenantId = singleLineText('tenant_id', { min: 1, max: 64 }).regex(
  /^[A-Za-z0-9_-]+$/,
  'tenant_id may only hold letters, digits, "-" and "_"',
);

/** Which binding: GET /api/admin/swc and DELETE /api/admin/swc/binding. */
export const SwcBindingQuery = z.object({ tenant_id: SwcTenantId, actor: SwcBindingActor });
export type SwcBindingQuery = z.infer<typeof SwcBindingQuery>;

/** Scope names from a space-separated text, normalised. */
export const scopeList = (text: string): string[] => normaliseScopes(text.split(/\s+/));

/** Space-separated scope names; only those the screen offers. */
const SwcRequestedScopes = singleLineText('requested_scopes', { max: 1000 })
  .transform(scopeList)
  .refine((scopes) => scopes.length > 0, 'requested_scopes must name at least one scope')
  .refine((scopes) => scopes.every((s) => OFFERED.has(s)), {
    message: `requested_scopes may only name ${SWC_BINDING_SCOPES.join(', ')}`,
  });

/** GET /api/admin/swc/connect: the browser is sent to SWCombine to grant these scopes. */
export const SwcConnectQuery = SwcBindingQuery.extend({ requested_scopes: SwcRequestedScopes });

const SwcNamed = z.object({ uid: z.string(), name: z.string() });

/** A binding's state and the deployment's SWCombine request budget. */
export const SwcBindingStatus = z.object({
  connected: z.boolean(),
  /** As SWCombine answered them (lowercase); empty when there is no binding. */
  grantedScopes: z.array(z.string()),
  /** Why a stored binding no longer works, and what to do. */
  error: z.string().nullable(),
  authorizedBy: SwcNamed.nullable(),
  faction: SwcNamed.nullable(),
  updatedAt: z.string().nullable(),
  budget: z.object({ limit: z.number(), remaining: z.number(), resetAt: z.string().nullable() }),
});
export type SwcBindingStatus = z.infer<typeof SwcBindingStatus>;
