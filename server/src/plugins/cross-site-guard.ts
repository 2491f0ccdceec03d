import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OriginCircle } from '../services/app-origins.ts';
import { checkOrigin } from './allowed-origins.ts';
import { forbidden } from './http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'server-to-server': the route's callers are other services that send no cookies (e.g. a
     * future RFC 8693 token exchange at POST /auth/token), so no browser can be tricked into the
     * call and the Origin check below is skipped. Browser-facing routes never set this.
     */
    crossSite?: 'server-to-server';
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A write that matched a route (a 404 changes nothing and keeps its own answer). */
export const isRoutedWrite = (request: FastifyRequest) => UNSAFE_METHODS.has(request.method) && !request.is404;

/**
 * Whose origins may write to a route: the API (`/api/*`) takes writes from the portal's own web
 * origins only; sign-in, sign-out and the OpenID Provider's form posts also from registered apps'.
 */
export const writeOriginsOf = (route: string | undefined): OriginCircle => (route?.startsWith('/api/') ? 'portal' : 'apps');

/**
 * Cross-site request forgery: every state-changing route refuses calls a browser did not make
 * from an allowed origin (see writeOriginsOf). Decided on the matched route, before any folder guard or body
 * parsing, so how the URL was spelled (percent-encoding, double slashes) cannot get around it.
 * `Sec-Fetch-Site: same-origin` also proves a same-origin page (a page cannot forge it): a
 * browser sends `Origin: null` for a form posted under `Referrer-Policy: no-referrer`.
 */
export default fp(async function crossSiteGuard(app: FastifyInstance) {
  // Callback style: a read (most requests) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isRoutedWrite(request) || request.routeOptions.config.crossSite === 'server-to-server') return done();
    const origin = request.headers.origin;
    if (origin === undefined || origin === 'null') {
      if (request.headers['sec-fetch-site'] === 'same-origin') return done();
      return done(forbidden('Requests that change something must come from the portal or a registered app; this one names no origin.'));
    }
    checkOrigin(
      app,
      origin,
      writeOriginsOf(request.routeOptions.url),
      (allowed) => done(allowed ? undefined : forbidden(`Requests from ${origin} are not allowed.`)),
      done,
    );
  });
});
