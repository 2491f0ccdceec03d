import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A route hook for every place a sign-in starts (`/auth/login`, the OpenID Provider's authorization
     * endpoint by GET and POST): one count per address for all of them together, 429 over the limit.
     */
    signInStartLimit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Sign-ins one address may start a minute; each one keeps a login attempt (and an interaction) for an hour. */
export const SIGN_IN_STARTS_PER_MINUTE = 60;

export default fp(
  async function signInLimit(app: FastifyInstance) {
    app.decorate(
      'signInStartLimit',
      app.rateLimit({
        max: SIGN_IN_STARTS_PER_MINUTE,
        timeWindow: 60_000,
        errorResponseBuilder: (_request, context) =>
          Object.assign(new Error(`Too many sign-ins were started from this address. Try again in ${context.after}.`), {
            statusCode: context.statusCode,
          }),
      }) as FastifyInstance['signInStartLimit'],
    );
  },
  { dependencies: ['@fastify/rate-limit'] },
);
