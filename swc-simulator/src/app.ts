import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAvatars } from './avatars.ts';
import type { SimContext } from './context.ts';
import { registerCharacterControl } from './control/characters.ts';
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
import type { SimulatorClient, SimulatorOptions, SimulatorStats } from './types.ts';
import { GALAXY_SEED, SECTOR_ROWS } from './world/galaxy-generate.ts';
import { Galaxy, type GalaxyMutation, type MutationResult } from './world/galaxy.ts';
import { Inventories } from './world/inventory.ts';
import { Population } from './world/population.ts';
import { sendWsError, WS_PREFIX } from './ws/envelope.ts';
import { RateLimiter } from './rate-limiter.ts';
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

function wholeInRange(n: number | undefined, fallback: number, min: number, max: number, name: string): number {
  if (n === undefined) return fallback;
  if (!Number.isInteger(n) || n < min || n > max) throw new TypeError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

function rateOptions(opts: SimulatorOptions): { limit: number; windowSeconds: number } {
  const legacy = typeof opts.rateLimit === 'object' ? opts.rateLimit : undefined;
  const limit = typeof opts.rateLimit === 'number' ? opts.rateLimit : legacy?.limit;
  return {
    limit: positive(limit, 600, 'rateLimit'),
    windowSeconds: positive(opts.rateWindowSeconds ?? legacy?.windowSeconds, 3600, 'rateWindowSeconds'),
  };
}

/** The simulator and the handles tests use to watch and change it. */
export interface Simulator {
  /** The Fastify app, not listening (use app.inject, or startSimulator to listen). */
  app: FastifyInstance;
  /** A copy of the web-service counters so far. */
  stats(): SimulatorStats;
  /** The seeded galaxy: rename, remove and add rows between two reads. */
  galaxy: Galaxy;
  /** Faction inventories: rename, remove and add entities between two reads. */
  inventories: Inventories;
  /** Every character, named and generated: find(uid), members(factionUid), move(uid, factionUid | null). */
  population: Population;
  /** Shorthand for galaxy.mutate. */
  mutate(m: GalaxyMutation): MutationResult;
}

export function createSimulator(opts: SimulatorOptions): Simulator {
  const now = opts.now ?? Date.now;
  const characters = opts.characters ?? defaultCharacters;
  validateCharacters(characters);
  const ttl = positive(opts.tokenTtlSeconds ?? opts.accessTokenTtlSeconds, 3600, 'tokenTtlSeconds');
  const rate = rateOptions(opts);
  const galaxyRows = wholeInRange(opts.galaxyRows, SECTOR_ROWS, 1, SECTOR_ROWS, 'galaxyRows');
  const ctx: SimContext = {
    clients: clientMap(opts.clients),
    population: new Population(characters, defaultFactions),
    factions: defaultFactions,
    store: new Store(now, ttl * 1000),
    limiter: new RateLimiter(rate.limit, rate.windowSeconds, now),
    stats: { requests: 0, served: 0, overLimit: 0 },
    galaxy: new Galaxy(GALAXY_SEED, galaxyRows),
    inventories: new Inventories(
      defaultFactions.map((f) => f.uid),
      galaxyRows,
    ),
    now,
    accessTokenTtlSeconds: ttl,
    publicUrl: opts.publicUrl?.replace(/\/+$/, ''),
  };
  return {
    app: buildApp(opts, ctx),
    stats: () => ({ ...ctx.stats }),
    galaxy: ctx.galaxy,
    inventories: ctx.inventories,
    population: ctx.population,
    mutate: (m) => ctx.galaxy.mutate(m),
  };
}

/** The simulator as a Fastify app, not listening (use app.inject in tests, or startSimulator). */
export function buildSimulator(opts: SimulatorOptions): FastifyInstance {
  return createSimulator(opts).app;
}

function buildApp(opts: SimulatorOptions, ctx: SimContext): FastifyInstance {
  // Closing is the service going down: every connection ends at once, a browser's spare one it never sent a byte on
  // included (Node's close would otherwise wait for that one for as long as the browser keeps it open).
  const app = Fastify({ logger: opts.logger ?? false, forceCloseConnections: true, routerOptions: { ignoreTrailingSlash: true } });
  app.register(formbody);
  // Bodies of other types reach the handlers as text, so they answer invalid_request rather than 415.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.get('/', async (_request, reply) => reply.headers(PAGE_HEADERS).send(homePage(ctx.population.named)));
  registerAvatars(app, ctx);
  registerAuthorize(app, ctx);
  registerDecision(app, ctx);
  registerToken(app, ctx);
  registerRevoke(app, ctx);
  registerTokenInfo(app, ctx);
  registerWebServices(app, ctx);
  registerCharacterControl(app, ctx);

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
