import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { routeConfigOf } from '../limits/routes.ts';
import { registerToken } from '../oauth/token.ts';
import { rateLimitKey } from './auth.ts';
import { sendError } from './errors.ts';
import { registerGuild } from './guild.ts';
import { registerMemberRoles } from './member-roles.ts';
import { registerMembers } from './members.ts';
import { registerUsers } from './users.ts';

/** The API version @discordjs/rest (and the product) speaks: its URLs are `${api}/v10/…`. */
export const API_VERSION = 10;

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What the limits decided for a request, kept for the counters once it is answered. */
const decided = new WeakMap<FastifyRequest, { early: boolean; scope: string | undefined }>();

/**
 * The hooks every API route shares: the outage switch first (an error status, or a connection closed
 * unanswered), then the global limit and the route's bucket (their headers on every answer, a 429 when
 * over), and the counters once answered.
 */
function installHooks(api: FastifyInstance, ctx: SimContext): void {
  api.addHook('onRequest', async (request: FastifyRequest<{ Params: { guildId?: string } }>, reply: FastifyReply) => {
    const outage = ctx.outage.take();
    if (outage) {
      ctx.stats.outages++;
      if (outage.kind === 'unreachable') {
        // A TCP reset, as a dropped connection or a restarting load balancer gives.
        const socket = request.raw.socket;
        if (typeof socket?.resetAndDestroy === 'function') socket.resetAndDestroy();
        else socket?.destroy();
        return reply.hijack();
      }
      return reply.code(outage.status).send({ message: `${outage.status}: ${STATUS_TEXT[outage.status] ?? 'Server Error'}`, code: 0 });
    }
    const config = routeConfigOf(request);
    const admission = ctx.limits.admit(rateLimitKey(request), config?.bucket, request.params.guildId ?? '');
    decided.set(request, { early: admission.early, scope: admission.refused?.scope });
    reply.headers(admission.headers);
    if (admission.refused) {
      const { retryAfter, global } = admission.refused;
      return reply.code(429).send({ message: 'You are being rate limited.', retry_after: retryAfter, global });
    }
    return undefined;
  });

  api.addHook('onResponse', async (request, reply) => {
    const config = routeConfigOf(request);
    const d = decided.get(request);
    ctx.stats.record(
      {
        at: ctx.now(),
        method: request.method,
        route: config?.route ?? `${request.method} (no such route)`,
        bucket: config?.bucket ?? null,
        status: reply.statusCode,
        early: d?.early ?? false,
      },
      d?.scope,
    );
  });
}

/**
 * Discord's HTTP API under `/api/v10` (the guild, role, member and user routes, and OAuth2's token and
 * revoke), and the token and revoke endpoints also at their unversioned documented URLs. Any other
 * `/api/v{N}` is 400 Invalid API Version; any other path under /api is Discord's 404.
 */
export function registerApi(app: FastifyInstance, ctx: SimContext): void {
  app.register(
    async (api) => {
      installHooks(api, ctx);
      registerGuild(api, ctx);
      registerMembers(api, ctx);
      registerMemberRoles(api, ctx);
      registerUsers(api, ctx);
      registerToken(api, ctx);
    },
    { prefix: `/api/v${API_VERSION}` },
  );
  app.register(
    async (api) => {
      installHooks(api, ctx);
      registerToken(api, ctx);
      api.all('/*', async (request, reply) => {
        const version = /^\/api\/v(\d+)(\/|$)/.exec(request.url)?.[1];
        return sendError(reply, version !== undefined && Number(version) !== API_VERSION ? 'invalidApiVersion' : 'notFound');
      });
    },
    { prefix: '/api' },
  );
}
