import type { Configuration } from 'oidc-provider';

/** The access tokens the portal issues as JWTs: a player's, and a machine client's. */
export type JwtAccessTokenModel = 'AccessToken' | 'ClientCredentials';

/** Keeps one JWT access token's record under its jti, until `exp`. */
export type RecordJwtAccessToken = (model: JwtAccessTokenModel, token: Record<string, unknown>, exp: number) => Promise<void>;

/** What the library keeps of an opaque access token; of a JWT one it keeps nothing, so the portal does. */
export const ACCESS_TOKEN_FIELDS = [
  'iat',
  'jti',
  'kind',
  'gty',
  'grantId',
  'sessionUid',
  'expiresWithSession',
  'accountId',
  'aud',
  'claims',
  'extra',
  'scope',
  'sid',
  'clientId',
] as const;

/**
 * The library stores no record of a JWT access token (RFC 9068): it can neither introspect nor
 * revoke one, and a sign-out or a suspension could not end it. The portal keeps a record of each
 * under its jti, as the library keeps its opaque ones, when the library writes the JWT; the
 * portal's introspection, revocation and userinfo read it (services/oidc/token-records.ts) and
 * every end of access deletes it.
 */
export function recordJwtAccessTokens(configuration: Configuration, record: RecordJwtAccessToken): Configuration {
  const customizers = configuration.formats?.customizers;
  return {
    ...configuration,
    formats: {
      ...configuration.formats,
      customizers: {
        ...customizers,
        jwt: async (ctx, token, jwt) => {
          await customizers?.jwt?.(ctx, token, jwt);
          if (token.kind !== 'AccessToken' && token.kind !== 'ClientCredentials') return;
          const fields = token as unknown as Record<string, unknown>;
          const kept = Object.fromEntries(ACCESS_TOKEN_FIELDS.filter((f) => fields[f] !== undefined).map((f) => [f, fields[f]]));
          await record(token.kind, kept, Number(jwt.payload.exp));
        },
      },
    },
  };
}
