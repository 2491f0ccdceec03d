import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import type { DiscordUserSeed } from '../types.ts';
import type { AuditEntry, Guild, Member, Role } from '../world/guild.ts';
import { BotStanding } from '../world/hierarchy.ts';
import { isSnowflake } from '../world/snowflake.ts';
import { callerOf } from './auth.ts';
import { sendError, sendFormErrors } from './errors.ts';

export interface GuildParams {
  guildId: string;
  userId?: string;
  roleId?: string;
}

/** The guild a bot route is about, and the bot's standing in it. */
export interface BotInGuild {
  guild: Guild;
  bot: BotStanding;
}

const notSnowflake = (path: string, value: string) => ({ path, code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not snowflake.` });

/**
 * The checks every guild route makes first: a valid bot token (else 401), a well-formed and known guild id
 * (else 50035 or 10004) and the bot being in it (else 50001). Answers undefined once it has replied.
 */
export function botInGuild(ctx: SimContext, request: FastifyRequest<{ Params: GuildParams }>, reply: FastifyReply): BotInGuild | undefined {
  if (callerOf(ctx, request).kind !== 'bot') {
    sendError(reply, 'unauthorized');
    return undefined;
  }
  const { guildId } = request.params;
  if (!isSnowflake(guildId)) {
    sendFormErrors(reply, [notSnowflake('guild_id', guildId)]);
    return undefined;
  }
  const guild = ctx.guild;
  if (guildId !== guild.id) {
    sendError(reply, 'unknownGuild');
    return undefined;
  }
  const bot = new BotStanding(guild, ctx.application.id);
  if (!bot.inGuild) {
    sendError(reply, 'missingAccess');
    return undefined;
  }
  return { guild, bot };
}

/** The user a path names: 50035 for an id that is not a snowflake, 10013 for nobody. */
export function pathUser(ctx: SimContext, id: string, reply: FastifyReply): DiscordUserSeed | undefined {
  if (!isSnowflake(id)) {
    sendFormErrors(reply, [notSnowflake('user_id', id)]);
    return undefined;
  }
  const user = ctx.users.find(id);
  if (!user || user.id !== id) {
    sendError(reply, 'unknownUser');
    return undefined;
  }
  return user;
}

/** The member a path names: as pathUser, then 10007 for a user who is not in the server. */
export function pathMember(ctx: SimContext, guild: Guild, id: string, reply: FastifyReply): Member | undefined {
  if (!pathUser(ctx, id, reply)) return undefined;
  const member = guild.member(id);
  if (!member) sendError(reply, 'unknownMember');
  return member;
}

/** botInGuild, then the member the path's user id names (pathMember). */
export function memberInGuild(
  ctx: SimContext,
  request: FastifyRequest<{ Params: GuildParams & { userId: string } }>,
  reply: FastifyReply,
): (BotInGuild & { member: Member }) | undefined {
  const at = botInGuild(ctx, request, reply);
  const member = at && pathMember(ctx, at.guild, request.params.userId, reply);
  return at && member ? { ...at, member } : undefined;
}

/** The role a path names: 50035 for an id that is not a snowflake, 10011 for none. */
export function pathRole(guild: Guild, id: string, reply: FastifyReply): Role | undefined {
  if (!isSnowflake(id)) {
    sendFormErrors(reply, [notSnowflake('role_id', id)]);
    return undefined;
  }
  const role = guild.role(id);
  if (!role) sendError(reply, 'unknownRole');
  return role;
}

/** The decoded `X-Audit-Log-Reason` (Discord takes it URL-encoded, at most 512 characters), or null. */
export function auditReason(request: FastifyRequest): string | null {
  const raw = request.headers['x-audit-log-reason'];
  if (typeof raw !== 'string' || raw === '') return null;
  let reason = raw;
  try {
    reason = decodeURIComponent(raw);
  } catch {
    // Sent unencoded: kept as it came.
  }
  return reason.slice(0, 512);
}

/** Writes a change the bot made into the server's audit log, with the reason its request gave. */
export function audit(
  ctx: SimContext,
  request: FastifyRequest,
  action: AuditEntry['action'],
  target: string,
  changes: AuditEntry['changes'],
): void {
  ctx.guild.record({ action, actor: ctx.application.id, target, changes, reason: auditReason(request) }, ctx.now());
}
