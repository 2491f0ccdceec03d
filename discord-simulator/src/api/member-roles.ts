import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { sendError } from './errors.ts';
import { audit, memberInGuild, pathRole, type GuildParams } from './guard.ts';
import { roleChangeRefusal } from './role-changes.ts';
import { apiRoute } from '../limits/routes.ts';

type RoleRequest = { Params: GuildParams & { userId: string; roleId: string } };

/** Add and Remove Guild Member Role: one role, the others left alone; 204 whether or not it changed anything. */
export function registerMemberRoles(app: FastifyInstance, ctx: SimContext): void {
  for (const method of ['PUT', 'DELETE'] as const) {
    app.route<RoleRequest>({
      method,
      url: '/guilds/:guildId/members/:userId/roles/:roleId',
      ...apiRoute(`${method} /guilds/{guild.id}/members/{user.id}/roles/{role.id}`),
      handler: async (request, reply) => {
        const at = memberInGuild(ctx, request, reply);
        const role = at && pathRole(at.guild, request.params.roleId, reply);
        if (!at || !role) return reply;
        const { member } = at;
        const refusal = roleChangeRefusal(at.guild, at.bot, [role.id]);
        if (refusal) return sendError(reply, refusal);
        const has = member.roles.includes(role.id);
        if (method === 'PUT' ? !has : has) {
          const next = method === 'PUT' ? [...member.roles, role.id] : member.roles.filter((id) => id !== role.id);
          audit(ctx, request, 'MEMBER_ROLE_UPDATE', member.userId, at.guild.setRoles(member, next));
        }
        return reply.code(204).send();
      },
    });
  }
}
