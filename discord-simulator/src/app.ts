import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerApi } from './api/routes.ts';
import type { SimContext, SimState } from './context.ts';
import { controls, type DiscordSimulatorControls } from './control/handles.ts';
import { registerControl } from './control/routes.ts';
import { DEFAULT_REDIRECT_URI, defaultApplication, defaultGuild, defaultUsers, seededConnection } from './data.ts';
import { bucketSizes } from './limits/buckets.ts';
import { RateLimits } from './limits/limiter.ts';
import { registerAuthorize } from './oauth/authorize.ts';
import { Grants } from './grants.ts';
import { Outage } from './outage.ts';
import { homePage } from './pages/home.ts';
import { PAGE_HEADERS } from './pages/layout.ts';
import { Stats } from './stats.ts';
import type { DiscordConnection, DiscordSimulatorOptions } from './types.ts';
import { Guild } from './world/guild.ts';
import { Users } from './world/users.ts';

function positive(n: number | undefined, fallback: number, name: string): number {
  if (n === undefined) return fallback;
  if (!Number.isFinite(n) || n <= 0) throw new TypeError(`${name} must be a positive number`);
  return n;
}

function redirectUris(list: string[] | undefined): string[] {
  const uris = list ?? [DEFAULT_REDIRECT_URI];
  if (!Array.isArray(uris) || uris.length === 0) throw new TypeError('redirectUris must list at least one URL');
  for (const uri of uris) {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw new TypeError(`redirect URI ${uri} is not an absolute URL`);
    }
    if (url.hash) throw new TypeError(`redirect URI ${uri} must not have a fragment`);
  }
  return [...uris];
}

/** The simulator as seeded: a fresh world, tokens, switches and counters. */
function seededState(opts: DiscordSimulatorOptions, now: () => number, ttl: number): SimState {
  const users = new Users(defaultUsers);
  const guild = new Guild(defaultGuild);
  const generated = opts.generatedMembers ?? 0;
  if (!Number.isInteger(generated) || generated < 0) throw new TypeError('generatedMembers must be a whole number, 0 or more');
  for (const u of users.generate(generated)) guild.add(u.id, '2024-06-01T00:00:00.000000+00:00');
  return {
    application: { ...defaultApplication, ...opts.application },
    users,
    guild,
    grants: new Grants(now, ttl),
    serverMembersIntent: true,
    limits: new RateLimits(bucketSizes(opts.buckets), positive(opts.globalLimit, 50, 'globalLimit'), now),
    outage: new Outage(now),
    stats: new Stats(),
  };
}

/** The simulator and the handles tests use to watch and change it in the same process. */
export interface DiscordSimulator extends DiscordSimulatorControls {
  /** The Fastify app, not listening (use app.inject, or startDiscordSimulator to listen). */
  app: FastifyInstance;
  /** The client id, client secret, bot token and server id the product connects with (the bot token as it is now). */
  readonly connection: DiscordConnection;
  /** Everything the routes share; the control functions (src/control/) take it. Its state fields change on reset. */
  context: SimContext;
}

export function createDiscordSimulator(opts: DiscordSimulatorOptions = {}): DiscordSimulator {
  const now = opts.now ?? Date.now;
  const ttl = positive(opts.tokenTtlSeconds, 604_800, 'tokenTtlSeconds');
  const ctx: SimContext = {
    ...seededState(opts, now, ttl),
    redirectUris: redirectUris(opts.redirectUris),
    now,
    tokenTtlSeconds: ttl,
    publicUrl: opts.publicUrl?.replace(/\/+$/, ''),
    reset: () => Object.assign(ctx, seededState(opts, now, ttl)),
  };
  return {
    ...controls(ctx),
    app: buildApp(opts, ctx),
    get connection() {
      return { ...seededConnection, clientSecret: ctx.application.client_secret, botToken: ctx.application.bot_token };
    },
    context: ctx,
  };
}

function buildApp(opts: DiscordSimulatorOptions, ctx: SimContext): FastifyInstance {
  // Closing is the service going down: every connection ends at once, a browser's spare one it never sent a byte on
  // included (Node's close would otherwise wait for that one for as long as the browser keeps it open).
  const app = Fastify({ logger: opts.logger ?? false, forceCloseConnections: true });
  app.register(formbody);
  // Bodies of other types reach the handlers as text, so they answer Discord's errors rather than 415.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.get('/', async (_request, reply) =>
    reply.headers(PAGE_HEADERS).send(
      homePage({
        guildName: ctx.guild.name,
        applicationName: ctx.application.name,
        users: ctx.users.people().map((u) => ({ ...u, inGuild: ctx.guild.member(u.id) !== undefined })),
      }),
    ),
  );
  registerAuthorize(app, ctx);
  registerApi(app, ctx);
  registerControl(app, ctx);

  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
  app.setErrorHandler(async (err: { statusCode?: number; code?: string; message?: string }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error(err);
    if (request.url.startsWith('/api/')) {
      if (status === 500) return reply.code(500).send({ message: '500: Internal Server Error', code: 0 });
      if (err.code?.startsWith('FST_ERR_CTP') && /json/i.test(`${err.code} ${err.message}`)) {
        return reply.code(400).send({ message: 'The request body contains invalid JSON.', code: 50109 });
      }
      return reply.code(400).send({ message: 'Invalid Form Body', code: 50035 });
    }
    const message = status === 500 ? 'Internal error in the simulator.' : (err.message ?? 'Bad request');
    return reply.code(status).send({ error: status === 500 ? 'internal' : 'bad_request', message });
  });
  return app;
}
