import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { discordTimestamp } from '../world/guild.ts';
import { memberFields, pageQuery } from './body.ts';
import { sendError, sendFormErrors } from './errors.ts';
import { audit, botInGuild, memberInGuild, pathUser, type GuildParams } from './guard.ts';
import { roleChangeRefusal, withoutEveryone } from './role-changes.ts';
import { apiRoute } from '../limits/routes.ts';
import { memberJson } from './shapes.ts';

type MemberRequest = { Params: GuildParams & { userId: string } };

/** Get, List, Add, Modify and Remove Guild Member. */
export function registerMembers(app: FastifyInstance, ctx: SimContext): void {
  app.get<MemberRequest>(
    '/guilds/:guildId/members/:userId',
    apiRoute('GET /guilds/{guild.id}/members/{user.id}'),
    async (request, reply) => {
      const at = memberInGuild(ctx, request, reply);
      return at ? reply.send(memberJson(at.member, ctx.users)) : reply;
    },
  );

  app.get<{ Params: GuildParams }>('/guilds/:guildId/members', apiRoute('GET /guilds/{guild.id}/members'), async (request, reply) => {
    const at = botInGuild(ctx, request, reply);
    if (!at) return reply;
    if (!ctx.serverMembersIntent) return sendError(reply, 'missingAccess');
    const q = pageQuery(request.query);
    if ('errors' in q) return sendFormErrors(reply, q.errors);
    return reply.send(at.guild.page(q.after, q.limit).map((m) => memberJson(m, ctx.users)));
  });

  app.put<MemberRequest>(
    '/guilds/:guildId/members/:userId',
    apiRoute('PUT /guilds/{guild.id}/members/{user.id}'),
    async (request, reply) => {
      const at = botInGuild(ctx, request, reply);
      const user = at && pathUser(ctx, request.params.userId, reply);
      if (!at || !user) return reply;
      const parsed = memberFields(request.body, ['access_token']);
      if ('errors' in parsed) return sendFormErrors(reply, parsed.errors);
      const { fields } = parsed;
      if (!at.bot.may('CREATE_INSTANT_INVITE')) return sendError(reply, 'missingPermissions');
      const token = ctx.grants.accessToken(fields.access_token!);
      if (!token || token.clientId !== ctx.application.id || token.userId !== user.id || !token.scopes.includes('guilds.join')) {
        return sendError(reply, 'invalidOAuthToken');
      }
      // Already in the server: 204 and nothing changes (nick and roles are for Modify Guild Member).
      if (at.guild.member(user.id)) return reply.code(204).send();
      const roles = withoutEveryone(at.guild, fields.roles ?? []);
      const refusal = roleChangeRefusal(at.guild, at.bot, roles);
      if (refusal) return sendError(reply, refusal);
      if (fields.nick && !at.bot.may('MANAGE_NICKNAMES')) return sendError(reply, 'missingPermissions');
      const member = at.guild.add(user.id, discordTimestamp(ctx.now()), roles, fields.nick ?? null);
      audit(ctx, request, 'MEMBER_ADD', user.id, { added: roles });
      return reply.code(201).send(memberJson(member, ctx.users));
    },
  );

  app.patch<MemberRequest>(
    '/guilds/:guildId/members/:userId',
    apiRoute('PATCH /guilds/{guild.id}/members/{user.id}'),
    async (request, reply) => {
      const at = memberInGuild(ctx, request, reply);
      if (!at) return reply;
      const { member } = at;
      const parsed = memberFields(request.body);
      if ('errors' in parsed) return sendFormErrors(reply, parsed.errors);
      const { fields } = parsed;
      const { guild, bot } = at;
      const nickChanges = fields.nick !== undefined && fields.nick !== member.nick;
      if (nickChanges && (!bot.may('MANAGE_NICKNAMES') || !bot.outranks(member))) return sendError(reply, 'missingPermissions');
      const roles = fields.roles === undefined ? undefined : withoutEveryone(guild, fields.roles);
      if (roles) {
        const changed = [...roles.filter((id) => !member.roles.includes(id)), ...member.roles.filter((id) => !roles.includes(id))];
        const refusal = roleChangeRefusal(guild, bot, changed);
        if (refusal) return sendError(reply, refusal);
      }
      if (roles) {
        const { added, removed } = guild.setRoles(member, roles);
        if (added.length || removed.length) audit(ctx, request, 'MEMBER_ROLE_UPDATE', member.userId, { added, removed });
      }
      if (nickChanges) {
        const from = member.nick;
        member.nick = fields.nick!;
        audit(ctx, request, 'MEMBER_UPDATE', member.userId, { nick: { from, to: member.nick } });
      }
      return reply.send(memberJson(member, ctx.users));
    },
  );

  app.delete<MemberRequest>(
    '/guilds/:guildId/members/:userId',
    apiRoute('DELETE /guilds/{guild.id}/members/{user.id}'),
    async (request, reply) => {
      const at = memberInGuild(ctx, request, reply);
      if (!at) return reply;
      const { member } = at;
      if (!at.bot.may('KICK_MEMBERS') || !at.bot.outranks(member)) return sendError(reply, 'missingPermissions');
      at.guild.remove(member.userId);
      audit(ctx, request, 'MEMBER_KICK', member.userId, {});
      return reply.code(204).send();
    },
  );
}
