import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { param } from '../params.ts';
import { registerCharacter } from './character.ts';
import { sendWsError, WS_PREFIX } from './envelope.ts';
import { registerFactionMembers } from './faction-members.ts';
import { registerFactions } from './factions.ts';
import { registerGalaxy } from './galaxy.ts';
import { registerInventory } from './inventory.ts';
import { registerTypes } from './types.ts';
import { setRateHeaders } from '../rate-limiter.ts';
import { registerRateLimits } from './ratelimits.ts';

function acceptsJson(accept: string | undefined, format: string | undefined): boolean {
  return format === 'json' || /\bapplication\/(json|\*)/i.test(accept ?? '');
}

/** Web services v2.0 under /ws/v2.0: rate limit per client IP, JSON only, the envelope everywhere. */
export function registerWebServices(app: FastifyInstance, ctx: SimContext): void {
  app.register(
    async (ws) => {
      ws.addHook('onRequest', async (request, reply) => {
        const state = ctx.limiter.hit(request.ip);
        setRateHeaders(reply, state);
        ctx.stats.requests++;
        if (state.allowed) ctx.stats.served++;
        else ctx.stats.overLimit++;
        if (!state.allowed) {
          reply.header('retry-after', String(Math.max(1, state.reset - Math.floor(ctx.now() / 1000))));
          return sendWsError(reply, ctx, request, 400, `Rate limit of ${state.limit} requests exceeded; retry after the reset time.`);
        }
        if (!acceptsJson(request.headers.accept, param(request.query, 'format'))) {
          return sendWsError(
            reply,
            ctx,
            request,
            406,
            'Ask for JSON with "Accept: application/json": it is the only format this simulator answers.',
          );
        }
      });
      registerCharacter(ws, ctx);
      registerFactions(ws, ctx);
      registerFactionMembers(ws, ctx);
      registerRateLimits(ws, ctx);
      registerGalaxy(ws, ctx);
      registerTypes(ws, ctx);
      registerInventory(ws, ctx);
      ws.setNotFoundHandler(async (request, reply) =>
        sendWsError(reply, ctx, request, 404, `No resource at ${request.url.split('?')[0]}.`),
      );
    },
    { prefix: WS_PREFIX },
  );
}
