import { z } from 'zod';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

/** A client's id or secret in the form (client_secret_post): printable ASCII, as HTTP Basic could carry it. */
const clientField = (name: string) =>
  z
    .string()
    .max(200, `${name} must be at most 200 characters`)
    .refine((v) => /^[\x21-\x7e]+$/.test(v), `${name} must be printable ASCII without spaces`)
    .optional();

/**
 * POST /auth/token (form-encoded): RFC 8693 token exchange of the app's at+jwt for the player's
 * SWCombine token. The app authenticates by HTTP Basic or by client_id and client_secret here.
 */
export const TokenExchangeRequest = z.looseObject({
  grant_type: z.string({ error: 'grant_type is required' }).min(1, 'grant_type is required'),
  subject_token: z.string({ error: 'subject_token is required' }).min(1, 'subject_token is required').max(8192),
  subject_token_type: z.string({ error: 'subject_token_type is required' }).min(1, 'subject_token_type is required'),
  requested_token_type: z.string().optional(),
  client_id: clientField('client_id'),
  client_secret: clientField('client_secret'),
});
export type TokenExchangeRequest = z.infer<typeof TokenExchangeRequest>;

/** RFC 8693 §2.2.1. */
export const TokenExchangeAnswer = z.object({
  access_token: z.string(),
  issued_token_type: z.literal(ACCESS_TOKEN_TYPE),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TokenExchangeAnswer = z.infer<typeof TokenExchangeAnswer>;

/** RFC 6749 §5.2: the token endpoint speaks OAuth, not the portal's `{ error, message }`. */
export const OAuthErrorBody = z.object({ error: z.string(), error_description: z.string() });
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;
