import type { FastifyInstance, FastifyReply } from 'fastify';
import { baseUrl, type SimContext } from '../context.ts';
import { ControlError, objectBody, wholeNumber } from './errors.ts';
import {
  botState,
  createUser,
  generateMembers,
  memberState,
  memberStates,
  putMember,
  removeMember,
  roleStates,
  updateRole,
} from './members.ts';
import {
  clearRateLimit,
  forceRateLimit,
  rateLimitStates,
  rotateBotToken,
  setServerMembersIntent,
  startOutage,
  statsState,
} from './switches.ts';

/** Answers what `run` returns, or the ControlError it throws as `{ error, message }`. */
function answer(reply: FastifyReply, run: () => unknown, status = 200): FastifyReply {
  reply.header('cache-control', 'no-store');
  try {
    return reply.code(status).send(run());
  } catch (err) {
    if (!(err instanceof ControlError)) throw err;
    return reply.code(err.status).send({ error: err.status === 404 ? 'not_found' : 'bad_request', message: err.message });
  }
}

type User = { Params: { user: string } };
type Named = { Params: { name: string } };

/**
 * The control API for tests and demos, under /sim/ (a path discord.com never serves), without authentication:
 * members and roles by hand, 429s, the members intent, the bot token, outages, counters and a reset.
 */
export function registerControl(app: FastifyInstance, ctx: SimContext): void {
  app.get('/sim/connection', async (request, reply) => {
    const base = baseUrl(ctx, request);
    return answer(reply, () => ({
      client_id: ctx.application.id,
      client_secret: ctx.application.client_secret,
      bot_token: ctx.application.bot_token,
      guild_id: ctx.guild.id,
      discord_url: base,
      api_url: `${base}/api/v10`,
      authorize_url: `${base}/oauth2/authorize`,
      redirect_uris: ctx.redirectUris,
    }));
  });

  app.get('/sim/guild', async (_request, reply) =>
    answer(reply, () => ({
      id: ctx.guild.id,
      name: ctx.guild.name,
      owner_id: ctx.guild.ownerId,
      member_count: ctx.guild.memberCount,
      server_members_intent: ctx.serverMembersIntent,
      bot: botState(ctx),
      roles: roleStates(ctx),
    })),
  );
  app.patch<Named>('/sim/roles/:name', async (request, reply) =>
    answer(reply, () =>
      updateRole(
        ctx,
        request.params.name,
        objectBody(request.body, ['name', 'position', 'permissions'], 'Send {"position": 9} or {"permissions": "0"}.'),
      ),
    ),
  );

  app.get('/sim/users', async (_request, reply) => answer(reply, () => ctx.users.all()));
  app.post('/sim/users', async (request, reply) =>
    answer(
      reply,
      () => {
        const b = objectBody(request.body, ['username', 'global_name'], 'Send {"username": "kyle.katarn", "global_name": "Kyle Katarn"}.');
        return createUser(ctx, b.username, b.global_name ?? null);
      },
      201,
    ),
  );

  app.get<{ Querystring: { role?: string } }>('/sim/members', async (request, reply) =>
    answer(reply, () => memberStates(ctx, request.query.role)),
  );
  app.get<User>('/sim/members/:user', async (request, reply) => answer(reply, () => memberState(ctx, request.params.user)));
  app.put<User>('/sim/members/:user', async (request, reply) =>
    answer(reply, () =>
      putMember(
        ctx,
        request.params.user,
        objectBody(request.body, ['roles', 'nick'], 'Send {"roles": ["Galactic Weapon Systems"], "nick": null}.'),
      ),
    ),
  );
  app.delete<User>('/sim/members/:user', async (request, reply) => answer(reply, () => removeMember(ctx, request.params.user)));
  app.post('/sim/members/generate', async (request, reply) =>
    answer(
      reply,
      () => {
        const b = objectBody(request.body, ['count', 'roles'], 'Send {"count": 2000, "roles": []}.');
        return generateMembers(ctx, b.count, b.roles ?? []);
      },
      201,
    ),
  );

  app.get('/sim/rate-limits', async (_request, reply) => answer(reply, () => rateLimitStates(ctx)));
  app.put<Named>('/sim/rate-limits/:name', async (request, reply) =>
    answer(reply, () =>
      forceRateLimit(
        ctx,
        request.params.name,
        objectBody(
          request.body,
          ['requests', 'seconds', 'retry_after', 'scope'],
          'Send {"requests": 1, "retry_after": 0.5} or {"seconds": 3}.',
        ),
      ),
    ),
  );
  app.delete<Named>('/sim/rate-limits/:name', async (request, reply) => answer(reply, () => clearRateLimit(ctx, request.params.name)));

  app.put('/sim/intents', async (request, reply) =>
    answer(reply, () =>
      setServerMembersIntent(ctx, objectBody(request.body, ['server_members'], 'Send {"server_members": false}.').server_members),
    ),
  );
  app.post('/sim/bot-token', async (request, reply) =>
    answer(reply, () =>
      rotateBotToken(ctx, objectBody(request.body, ['token'], 'Send {} for a new random token, or {"token": "…"}.').token),
    ),
  );

  app.get('/sim/outage', async (_request, reply) => answer(reply, () => ({ outage: ctx.outage.describe() })));
  app.put('/sim/outage', async (request, reply) =>
    answer(reply, () =>
      startOutage(
        ctx,
        objectBody(request.body, ['mode', 'status', 'requests', 'seconds'], 'Send {"mode": "error", "status": 502, "seconds": 5}.'),
      ),
    ),
  );
  app.delete('/sim/outage', async (_request, reply) =>
    answer(reply, () => {
      ctx.outage.stop();
      return { outage: null };
    }),
  );

  app.get('/sim/stats', async (_request, reply) => answer(reply, () => statsState(ctx)));
  app.get<{ Querystring: { limit?: string } }>('/sim/requests', async (request, reply) =>
    answer(reply, () => {
      const limit = request.query.limit === undefined ? 100 : wholeNumber(Number(request.query.limit), 'limit', 1, 2000);
      return ctx.stats.latest(limit).map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
    }),
  );
  app.get('/sim/audit-log', async (_request, reply) => answer(reply, () => ctx.guild.auditLog));
  app.post('/sim/reset', async (_request, reply) =>
    answer(reply, () => {
      ctx.reset();
      return { reset: true };
    }),
  );
}
