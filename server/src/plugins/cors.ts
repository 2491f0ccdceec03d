import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DISCOVERY_PATH, OIDC_ROUTES } from '../services/oidc/paths.ts';
import { checkOrigin } from './allowed-origins.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this OPTIONS request is a preflight from an allowed origin. */
    corsPreflight: boolean;
  }
}

/** What a browser app on its own origin calls to sign a player in (code + PKCE): never with credentials. */
interface BrowserAppEndpoint {
  /** `anyone`: public documents; `apps`: origins a registered app names (its URL or redirect URLs). */
  from: 'anyone' | 'apps';
  methods: string;
}

const BROWSER_APP_ENDPOINTS: Readonly<Record<string, BrowserAppEndpoint>> = {
  [DISCOVERY_PATH]: { from: 'anyone', methods: 'GET, HEAD' },
  [OIDC_ROUTES.jwks]: { from: 'anyone', methods: 'GET, HEAD' },
  [OIDC_ROUTES.token]: { from: 'apps', methods: 'POST' },
  [OIDC_ROUTES.userinfo]: { from: 'apps', methods: 'GET, POST' },
  [OIDC_ROUTES.revocation]: { from: 'apps', methods: 'POST' },
};

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
// The user list's total; a SPA on another origin could not read it otherwise.
const EXPOSED_HEADERS = 'x-total-count';
// UserInfo's refusals say why in this header (RFC 6750 §3).
const BROWSER_APP_EXPOSED_HEADERS = 'www-authenticate';

interface CorsAllowance {
  origin: string;
  credentials: boolean;
  methods: string;
  exposed: string;
}

/** Sets the headers that let `allowance.origin` read the answer; true when this answered a preflight itself. */
function allowOrigin(request: FastifyRequest, reply: FastifyReply, allowance: CorsAllowance): boolean {
  reply.header('access-control-allow-origin', allowance.origin);
  if (allowance.credentials) reply.header('access-control-allow-credentials', 'true');
  reply.header('access-control-expose-headers', allowance.exposed);
  if (request.method !== 'OPTIONS') return false;
  if (request.headers['access-control-request-method'] === undefined) {
    reply.code(400).type('text/plain').send('Invalid Preflight Request');
    return true;
  }
  request.corsPreflight = true;
  reply.header('access-control-allow-methods', allowance.methods);
  reply.header('vary', 'Origin, Access-Control-Request-Headers');
  const requested = request.headers['access-control-request-headers'];
  if (requested !== undefined) reply.header('access-control-allow-headers', requested);
  reply.code(204).header('content-length', '0').send();
  return true;
}

/**
 * The route a CORS answer is about: the matched one, or for a preflight (which matches the catch-all
 * OPTIONS route) the path the browser will call, compared exactly: another spelling gets the strict rule.
 */
function endpointOf(request: FastifyRequest): BrowserAppEndpoint | undefined {
  const route = request.routeOptions.url;
  const path = route === '*' ? request.url.split('?')[0]! : route;
  return path === undefined ? undefined : BROWSER_APP_ENDPOINTS[path];
}

/**
 * CORS, two rules. With credentials only for the portal's own web origins (PUBLIC_URL, AUTH_BASE_URL,
 * what the portal app registers), on every route but the ones below: an app's origin is no way into
 * the API of an admin who visits the app. Without credentials, for a browser app that signs a player
 * in by code + PKCE: discovery and the JWKS for any origin; token, userinfo and revocation for the
 * origins registered apps name. A preflight is answered 204 at once; one from another origin is a 404.
 * A request without an Origin header, as from an ingress, a probe or a same-origin page load, is done
 * after one header and no promise; an allowed origin is usually decided from the cached sets too.
 */
export default fp(async function cors(app: FastifyInstance) {
  app.decorateRequest('corsPreflight', false);
  app.addHook('onRequest', (request, reply, done) => {
    // Every answer depends on Origin, so no shared cache may hand one origin's answer to another.
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    const endpoint = endpointOf(request);
    const allowance: CorsAllowance = endpoint
      ? {
          origin: endpoint.from === 'anyone' ? '*' : origin,
          credentials: false,
          methods: endpoint.methods,
          exposed: BROWSER_APP_EXPOSED_HEADERS,
        }
      : { origin, credentials: true, methods: METHODS, exposed: EXPOSED_HEADERS };
    // An answered preflight ends here: calling done would run the route as well.
    const decide = (allowed: boolean) => {
      if (!(allowed && allowOrigin(request, reply, allowance))) done();
    };
    if (endpoint?.from === 'anyone') return decide(true);
    checkOrigin(app, origin, endpoint ? 'apps' : 'portal', decide, done);
  });
  app.options('*', { schema: { hide: true } }, (request, reply) => {
    if (request.corsPreflight) reply.send();
    else reply.callNotFound();
  });
});
