import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAvatars } from './avatars.ts';
import type { SimContext } from './context.ts';
import { defaultCharacters, defaultFactions, validateCharacters } from './data.ts';
import { registerAuthorize } from './oauth/authorize.ts';
import { registerDecision } from './oauth/decision.ts';
import { oauthError } from './oauth/errors.ts';
import { registerRevoke } from './oauth/revoke.ts';
import { registerToken } from './oauth/token.ts';
import { registerTokenInfo } from './oauth/tokeninfo.ts';
import { errorPage } from './pages/error.ts';
import { homePage } from './pages/home.ts';
import { PAGE_HEADERS } from './pages/layout.ts';
import { Store } from './store.ts';
import type { SimulatorClient, SimulatorOptions } from './types.ts';
import { sendWsError, WS_PREFIX } from './ws/envelope.ts';
import { RateLimiter } from './ws/rate-limiter.ts';
import { registerWebServices } from './ws/routes.ts';

function clientMap(clients: SimulatorClient[]): Map<string, SimulatorClient> {
  if (!Array.isArray(clients)) throw new TypeError('clients must be an array');
  const map = new Map<string, SimulatorClient>();
  for (const c of clients) {
    if (!c.clientId || !c.clientSecret) throw new TypeError('every client needs a clientId and a clientSecret');
    if (map.has(c.clientId)) throw new TypeError(`duplicate clientId ${c.clientId}`);
    for (const uri of c.redirectUris ?? []) {
      let url: URL;
      try {
        url = new URL(uri);
      } catch {
        throw new TypeError(`client ${c.clientId}: redirect URI ${uri} is not an absolute URL`);
      }
      if (url.hash) throw new TypeError(`client ${c.clientId}: redirect URI ${uri} must not have a fragment`);
    }
    map.set(c.clientId, { ...c, redirectUris: [...(c.redirectUris ?? [])] });
  }
  return map;
}

function positive(n: number | undefined, fallback: number, name: string): number {
  if (n === undefined) return fallback;
  if (!Number.isFinite(n) || n <= 0) throw new TypeError(`${name} must be a positive number`);
  return n;
}

/** The simulator as a Fastify app, not listening (use app.inject in tests, or startSimulator). */
export function buildSimulator(opts: SimulatorOptions): FastifyInstance {
  const now = opts.now ?? Date.now;
  const characters = opts.characters ?? defaultCharacters;
  validateCharacters(characters);
  const ttl = positive(opts.accessTokenTtlSeconds, 3600, 'accessTokenTtlSeconds');
  const rate = opts.rateLimit ?? { limit: 600, windowSeconds: 3600 };
  const ctx: SimContext = {
    clients: clientMap(opts.clients),
    characters,
    factions: defaultFactions,
    store: new Store(now, ttl * 1000),
    limiter: new RateLimiter(
      positive(rate.limit, 600, 'rateLimit.limit'),
      positive(rate.windowSeconds, 3600, 'rateLimit.windowSeconds'),
      now,
    ),
    now,
    accessTokenTtlSeconds: ttl,
    publicUrl: opts.publicUrl?.replace(/\/+$/, ''),
  };

  const app = Fastify({ logger: opts.logger ?? false, routerOptions: { ignoreTrailingSlash: true } });
  app.register(formbody);
  // Bodies of other types reach the handlers as text, so they answer invalid_request rather than 415.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.get('/', async (_request, reply) => reply.headers(PAGE_HEADERS).send(homePage(characters)));
  registerAvatars(app, ctx);
  registerAuthorize(app, ctx);
  registerDecision(app, ctx);
  registerToken(app, ctx);
  registerRevoke(app, ctx);
  registerTokenInfo(app, ctx);
  registerWebServices(app, ctx);

  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
  app.setErrorHandler(async (err: { statusCode?: number; message?: string }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error(err);
    const message = status === 500 ? 'Internal error in the simulator.' : (err.message ?? 'Bad request');
    const path = request.url.split('?')[0]!;
    if (path.startsWith(`${WS_PREFIX}/`)) return sendWsError(reply, ctx, request, status, message);
    if (path.startsWith('/ws/oauth2/auth')) return reply.code(status).headers(PAGE_HEADERS).send(errorPage('Bad request', message));
    if (path.startsWith('/ws/oauth2/')) return oauthError(reply, status, status === 500 ? 'server_error' : 'invalid_request', message);
    return reply.code(status).send({ error: status === 500 ? 'internal' : 'bad_request', message });
  });
  return app;
}
