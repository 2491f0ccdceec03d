import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Failed client authentications one client may have from one address in a minute, at the OpenID
 * Provider's token, device authorization, introspection and revocation endpoints together (and, in a
 * count of its own, at the token exchange); the next attempt is refused (429) until the minute ends.
 */
export const CLIENT_AUTH_FAILURES_PER_MINUTE = 20;

/** Why a client that failed to authenticate too often from one address must wait. */
export const tooManyFailuresMessage = (seconds: number) =>
  `This client failed to authenticate too often from this address; try again in ${seconds} seconds.`;

export interface ClientAuthLimit {
  /** Seconds until `clientId` may authenticate again from this request's address; 0 when it may now. */
  waitFor(request: FastifyRequest, clientId: string): Promise<number>;
  /** Counts a failed authentication of `clientId` from this request's address. */
  failed(request: FastifyRequest, clientId: string): Promise<void>;
}

/** One count per client and address, kept by the same rate limiter as the routes' own limits. */
export function createClientAuthLimit(app: FastifyInstance): ClientAuthLimit {
  const claimed = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max: CLIENT_AUTH_FAILURES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `${request.ip} ${claimed.get(request)}`,
  });
  return {
    async waitFor(request, clientId) {
      claimed.set(request, clientId);
      const state = await limit(request, { increment: false });
      return !state.isAllowed && state.remaining === 0 ? Math.max(1, state.ttlInSeconds) : 0;
    },
    async failed(request, clientId) {
      claimed.set(request, clientId);
      await limit(request);
    },
  };
}
