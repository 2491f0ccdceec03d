import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Deps } from '../../deps.ts';

let published: { kids: string; set: ReturnType<typeof createLocalJWKSet> } | null = null;

/** The published keys as a verifier; built again only when they change, so each key is imported once. */
export async function portalJwks(deps: Pick<Deps, 'keys'>): Promise<ReturnType<typeof createLocalJWKSet>> {
  const jwks = await deps.keys.jwks();
  const kids = jwks.keys.map((k) => k.kid).join(' ');
  if (published?.kids !== kids) published = { kids, set: createLocalJWKSet(jwks) };
  return published.set;
}

/** Why a token is not one the portal issued and still accepts. */
type PortalTokenProblem = 'expired' | 'audience' | 'invalid';

/**
 * Checks an RFC 9068 access token the portal signed (`typ at+jwt`, ES256, one of the published
 * keys, issuer PUBLIC_URL, not expired by the portal's clock, and `audience` when given): its
 * payload, or what is wrong with it. Failing to read the keys (the database) is thrown, so an
 * outage is never mistaken for a forged token.
 */
export async function verifyPortalAccessToken(
  deps: Pick<Deps, 'keys' | 'config' | 'clock'>,
  token: string,
  opts: { audience?: string; requiredClaims: string[] },
): Promise<{ payload: JWTPayload } | { problem: PortalTokenProblem }> {
  const keys = await portalJwks(deps);
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: deps.config.publicUrl,
      audience: opts.audience,
      typ: 'at+jwt',
      algorithms: ['ES256'],
      currentDate: deps.clock.now(),
      requiredClaims: opts.requiredClaims,
    });
    return { payload };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { problem: 'expired' };
    if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'aud') return { problem: 'audience' };
    if (err instanceof joseErrors.JOSEError) return { problem: 'invalid' };
    throw err;
  }
}
