import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { sendWs } from './envelope.ts';

/** GET /ws/v2.0/ratelimits — each pattern's limit and what is left of it for the caller's IP. */
export function registerRateLimits(app: FastifyInstance, ctx: SimContext): void {
  app.get('/ratelimits', async (request, reply) => {
    const s = ctx.limiter.peek(request.ip);
    return sendWs(reply, ctx, request, {
      ratelimits: {
        attributes: { start: 1, total: 1, count: 1 },
        ratelimit: [
          {
            attributes: {
              pattern: '/ws/v2.0/*',
              limit: s.limit,
              remaining: s.remaining,
              reset: s.reset,
              resettime: new Date(s.reset * 1000).toUTCString(),
              window: ctx.limiter.windowSeconds,
            },
            value: 'Every web services call, per client IP',
          },
        ],
      },
    });
  });
}
