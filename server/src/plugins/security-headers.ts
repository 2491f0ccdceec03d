import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route answers a sub-request that no browser renders (an ingress asking forward
     * auth), so the browser security headers below would only cost time.
     */
    securityHeaders?: false;
  }
}

/** Content-Security-Policy directives, in the order they are sent. */
function contentSecurityPolicy(authOrigin: string | null, overHttp: boolean): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['font-src', ["'self'", 'https:', 'data:']],
    ['form-action', ["'self'", 'https:', 'http:']],
    ['frame-ancestors', ["'none'"]],
    // The portal's own images, Mantine's inline ones and players' avatars, which SWCombine links on
    // hosts of its own. Plain http only for a portal served over http (development, where the
    // bundled SWCombine serves its avatars over http too).
    ['img-src', ["'self'", 'data:', 'https:', ...(overHttp ? ['http:'] : [])]],
    ['object-src', ["'none'"]],
    ['script-src', ["'self'"]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['connect-src', ["'self'", ...(authOrigin ? [authOrigin] : [])]],
    ['frame-src', ["'self'", 'https:', 'http:']],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join(';');
}

/** Every browser security header of an answer, computed once from the configuration. */
export function securityHeaders(config: { publicUrl: string; authBaseUrl: string }): Record<string, string> {
  const authOrigin = config.authBaseUrl ? new URL(config.authBaseUrl).origin : null;
  return {
    'content-security-policy': contentSecurityPolicy(authOrigin, config.publicUrl.startsWith('http:')),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    // Under no-referrer a browser sends `Origin: null` on form posts (sign-out), even to a sibling
    // host; this policy keeps the real origin there and sends other sites the origin only.
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Over plain HTTP the header is meaningless and would pin a local host to HTTPS.
    ...(config.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Sets the security headers on every answer, errors and 404s included, unless the matched route
 * opts out (config.securityHeaders = false). Set on the raw response at the first hook, so an
 * error thrown by any later hook still carries them.
 */
export default fp(async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = Object.entries(securityHeaders(app.deps.config));
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    }
    done();
  });
});
