import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Deps } from '../../deps.ts';

/** Why a token is not one the portal issued and still accepts. */
export type PortalTokenProblem = 'expired' | 'audience' | 'invalid';

export class PortalTokenRejected extends Error {
  readonly problem: PortalTokenProblem;
  constructor(problem: PortalTokenProblem) {
    super(`portal access token rejected: ${problem}`);
    this.problem = problem;
  }
}

/**
 * Checks an RFC 9068 access token the portal signed (`typ at+jwt`, ES256, one of the published
 * keys, issuer PUBLIC_URL, not expired by the portal's clock, and `audience` when given). A bad
 * token throws PortalTokenRejected; failing to read the keys (the database) is thrown as it is,
 * so an outage is never mistaken for a forged token.
 */
export async function verifyPortalAccessToken(
  deps: Pick<Deps, 'keys' | 'config' | 'clock'>,
  token: string,
  opts: { audience?: string; requiredClaims: string[] },
): Promise<JWTPayload> {
  const keys = createLocalJWKSet(await deps.keys.jwks());
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: deps.config.publicUrl,
      audience: opts.audience,
      typ: 'at+jwt',
      algorithms: ['ES256'],
      currentDate: deps.clock.now(),
      requiredClaims: opts.requiredClaims,
    });
    return payload;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new PortalTokenRejected('expired');
    if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'aud') throw new PortalTokenRejected('audience');
    if (err instanceof joseErrors.JOSEError) throw new PortalTokenRejected('invalid');
    throw err;
  }
}
