import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { checkOrigin } from './allowed-origins.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this OPTIONS request is a preflight from an allowed origin. */
    corsPreflight: boolean;
  }
}

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
// The user list's total; a SPA on another origin could not read it otherwise.
const EXPOSED_HEADERS = 'x-total-count';

/** Sets the headers that let `origin` read the answer; true when this answered a preflight itself. */
function allowOrigin(request: FastifyRequest, reply: FastifyReply, origin: string): boolean {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-credentials', 'true');
  reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  if (request.method !== 'OPTIONS') return false;
  if (request.headers['access-control-request-method'] === undefined) {
    reply.code(400).type('text/plain').send('Invalid Preflight Request');
    return true;
  }
  request.corsPreflight = true;
  reply.header('access-control-allow-methods', METHODS);
  reply.header('vary', 'Origin, Access-Control-Request-Headers');
  const requested = request.headers['access-control-request-headers'];
  if (requested !== undefined) reply.header('access-control-allow-headers', requested);
  reply.code(204).header('content-length', '0').send();
  return true;
}

/**
 * Cross-origin calls with credentials from the portal's own origin and every registered app's
 * (a preflight is answered 204 at once; one from another origin is a 404). A request without an
 * Origin header, as from an ingress, a probe or a same-origin page load, is done after one header
 * and no promise; an allowed origin is usually decided from the cached set without one too.
 */
export default fp(async function cors(app: FastifyInstance) {
  app.decorateRequest('corsPreflight', false);
  app.addHook('onRequest', (request, reply, done) => {
    // Every answer depends on Origin, so no shared cache may hand one origin's answer to another.
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    checkOrigin(
      app,
      origin,
      (allowed) => {
        // An answered preflight ends here: calling done would run the route as well.
        if (!(allowed && allowOrigin(request, reply, origin))) done();
      },
      done,
    );
  });
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (request.corsPreflight) reply.send();
    else reply.callNotFound();
  });
});
