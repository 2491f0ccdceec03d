import { z } from 'zod';
import { hasControlCharacters } from './text.ts';

/** SWCombine scopes the portal signs players in with: revoking them here would end sign-in. */
export const SWC_SIGN_IN_SCOPES = ['character_auth', 'character_read'] as const;

export const isSwcSignInScope = (scope: string): boolean => (SWC_SIGN_IN_SCOPES as readonly string[]).includes(scope.toLowerCase());

export const SWC_SIGN_IN_SCOPE_REASON = 'The portal signs you in with this permission, so it cannot be revoked here.';

/** An SWCombine scope name; SWCombine refuses uppercase, so it is lowercased. */
const SwcScopeName = z
  .string({ error: 'scope is required' })
  .trim()
  .min(1, 'scope is required')
  .max(64, 'scope must be at most 64 characters')
  .refine((v) => !hasControlCharacters(v), 'scope must not contain control characters')
  .regex(/^[A-Za-z0-9_]+$/, 'scope may only hold letters, digits and "_"')
  .transform((s) => s.toLowerCase());

/** GET /api/swc/consents: the player's SWCombine permissions as SWCombine answered them (lowercase). */
export const SwcConsents = z.object({
  scopes: z.array(z.string()),
  /** Scopes the player had that the portal gave up (a revoked grant) and SWCombine must grant again. */
  needsReauthorization: z.array(z.string()),
  /** SWCombine refused the stored grant (revoked there or lapsed): nothing works until the player re-authorizes. */
  grantGone: z.boolean(),
});
export type SwcConsents = z.infer<typeof SwcConsents>;

/** POST /api/swc/authorize: scopes to add to what is granted. */
export const SwcAuthorizeInput = z.object({
  scopes: z
    .array(SwcScopeName, { error: 'scopes must be a list of scope names' })
    .min(1, 'scopes must name at least one scope')
    .max(50, 'scopes may name at most 50 scopes'),
});
export type SwcAuthorizeInput = z.input<typeof SwcAuthorizeInput>;

export const SwcAuthorizeAnswer = z.object({ authorize_url: z.string() });
export type SwcAuthorizeAnswer = z.infer<typeof SwcAuthorizeAnswer>;

/** DELETE /api/swc/consents/{scope} */
export const SwcConsentParams = z.object({ scope: SwcScopeName });
