import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { botInGuild, type GuildParams } from './guard.ts';
import { apiRoute } from '../limits/routes.ts';
import { guildJson, roleJson } from './shapes.ts';

/** Get Guild (`with_counts=true` adds the approximate counts) and Get Guild Roles. */
export function registerGuild(app: FastifyInstance, ctx: SimContext): void {
  app.get<{ Params: GuildParams; Querystring: { with_counts?: string } }>(
    '/guilds/:guildId',
    apiRoute('GET /guilds/{guild.id}'),
    async (request, reply) => {
      const at = botInGuild(ctx, request, reply);
      return at ? reply.send(guildJson(at.guild, request.query.with_counts === 'true')) : reply;
    },
  );

  app.get<{ Params: GuildParams }>('/guilds/:guildId/roles', apiRoute('GET /guilds/{guild.id}/roles'), async (request, reply) => {
    const at = botInGuild(ctx, request, reply);
    return at ? reply.send(at.guild.rolesInOrder().map(roleJson)) : reply;
  });
}
