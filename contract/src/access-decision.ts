import { z } from 'zod';

/**
 * Why a player may open an app, or not: `source` names what decided ("grant", "group Fleet Ops",
 * "faction Galactic Weapon Systems", "bypass", "global admin", "portal", or on a refusal
 * "suspended", "revoked", "none"); `reason` says it in a sentence.
 */
export const AccessDecisionView = z.object({
  allowed: z.boolean(),
  source: z.string(),
  reason: z.string(),
});
export type AccessDecisionView = z.infer<typeof AccessDecisionView>;
