import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { discordTimestamp } from '../world/guild.ts';
import { callerOf } from './auth.ts';
import { sendError } from './errors.ts';
import { apiRoute } from '../limits/routes.ts';
import { currentUserJson, userJson } from './shapes.ts';

/** Get Current User (a user token granted `identify`, or the bot) and Get Current Authorization Information. */
export function registerUsers(app: FastifyInstance, ctx: SimContext): void {
  app.get('/users/@me', apiRoute('GET /users/@me'), async (request, reply) => {
    const caller = callerOf(ctx, request);
    if (caller.kind === 'bot') return reply.send(currentUserJson(ctx.users.find(ctx.application.id)!, false));
    if (caller.kind !== 'user' || !caller.token.scopes.includes('identify')) return sendError(reply, 'unauthorized');
    return reply.send(currentUserJson(ctx.users.find(caller.token.userId)!, caller.token.scopes.includes('email')));
  });

  app.get('/oauth2/@me', apiRoute('GET /oauth2/@me'), async (request, reply) => {
    const caller = callerOf(ctx, request);
    if (caller.kind !== 'user') return sendError(reply, 'unauthorized');
    const { token } = caller;
    return reply.send({
      application: {
        id: ctx.application.id,
        name: ctx.application.name,
        icon: null,
        description: ctx.application.description,
        hook: true,
        bot_public: false,
        bot_require_code_grant: false,
      },
      scopes: token.scopes,
      expires: discordTimestamp(token.expiresAt),
      ...(token.scopes.includes('identify') ? { user: userJson(ctx.users.find(token.userId)!) } : {}),
    });
  });
}
