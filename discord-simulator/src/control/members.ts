import { NICK_MAX } from '../api/body.ts';
import type { SimContext } from '../context.ts';
import type { DiscordUserSeed } from '../types.ts';
import { discordTimestamp, type Role } from '../world/guild.ts';
import { BotStanding } from '../world/hierarchy.ts';
import { combined, Permission } from '../world/permissions.ts';
import { ControlError, wholeNumber } from './errors.ts';

/** A user as the control API shows them: their membership, nickname and roles (with names), in one read. */
export interface MemberState {
  user_id: string;
  username: string;
  in_guild: boolean;
  nick: string | null;
  roles: { id: string; name: string }[];
  joined_at: string | null;
}

/** A role as the control API shows it: Discord's fields plus whether the bot may give it, and why not. */
export interface RoleState {
  id: string;
  name: string;
  position: number;
  permissions: string;
  managed: boolean;
  /** `null` when the bot may give and take it; else `managed`, `above the bot` or `everyone`. */
  bot_cannot_assign: 'managed' | 'above the bot' | 'everyone' | null;
}

function user(ctx: SimContext, idOrUsername: string): DiscordUserSeed {
  const u = ctx.users.find(idOrUsername);
  if (!u) throw new ControlError(404, `No Discord user ${idOrUsername.slice(0, 40)} (give a user id or a username).`);
  return u;
}

/** A role named by id or by exact name; never @everyone (every member holds it implicitly). */
function role(ctx: SimContext, idOrName: unknown): Role {
  if (typeof idOrName !== 'string') throw new ControlError(400, 'Name roles by id or by name (strings).');
  const r = ctx.guild.role(idOrName) ?? ctx.guild.roleByName(idOrName);
  if (!r) {
    const known = ctx.guild.rolesInOrder().map((x) => x.name);
    throw new ControlError(400, `No role ${idOrName.slice(0, 40)}. The server's roles: ${known.join(', ')}.`);
  }
  if (r.id === ctx.guild.id) throw new ControlError(400, 'Every member holds @everyone; it is not given.');
  return r;
}

export function memberState(ctx: SimContext, idOrUsername: string): MemberState {
  const u = user(ctx, idOrUsername);
  const m = ctx.guild.member(u.id);
  return {
    user_id: u.id,
    username: u.username,
    in_guild: m !== undefined,
    nick: m?.nick ?? null,
    roles: (m?.roles ?? []).map((id) => ({ id, name: ctx.guild.role(id)?.name ?? id })),
    joined_at: m?.joinedAt ?? null,
  };
}

/** Every member, or those holding one role (by id or name), in user-id order. */
export function memberStates(ctx: SimContext, holding?: string): MemberState[] {
  const wanted = holding === undefined ? undefined : role(ctx, holding).id;
  return ctx.guild
    .page('0', ctx.guild.memberCount)
    .filter((m) => wanted === undefined || m.roles.includes(wanted))
    .map((m) => memberState(ctx, m.userId));
}

/**
 * Puts a user in the server by hand, as a server admin would (no permission or hierarchy check), or changes
 * the roles and nickname of one already in it. `roles` replaces the list; omitted fields stay as they are.
 */
export function putMember(ctx: SimContext, idOrUsername: string, change: { roles?: unknown; nick?: unknown }): MemberState {
  const u = user(ctx, idOrUsername);
  if (change.roles !== undefined && !Array.isArray(change.roles)) throw new ControlError(400, 'roles must be a list of role ids or names.');
  const roles = (change.roles as unknown[] | undefined)?.map((r) => role(ctx, r).id);
  const nick = change.nick;
  if (nick !== undefined && nick !== null && (typeof nick !== 'string' || [...nick].length > NICK_MAX || nick === '')) {
    throw new ControlError(400, `nick must be null or 1 to ${NICK_MAX} characters.`);
  }
  const existing = ctx.guild.member(u.id);
  const member = existing ?? ctx.guild.add(u.id, discordTimestamp(ctx.now()));
  const changes = roles ? ctx.guild.setRoles(member, roles) : {};
  if (nick !== undefined) member.nick = nick as string | null;
  ctx.guild.record(
    { action: existing ? 'MEMBER_ROLE_UPDATE' : 'MEMBER_ADD', actor: 'control', target: u.id, changes, reason: null },
    ctx.now(),
  );
  return memberState(ctx, u.id);
}

export function removeMember(ctx: SimContext, idOrUsername: string): MemberState {
  const u = user(ctx, idOrUsername);
  if (!ctx.guild.remove(u.id)) throw new ControlError(404, `${u.username} is not in the server.`);
  ctx.guild.record({ action: 'MEMBER_KICK', actor: 'control', target: u.id, changes: {}, reason: null }, ctx.now());
  return memberState(ctx, u.id);
}

/** Adds `count` generated users to the server, each holding `roles`. */
export function generateMembers(
  ctx: SimContext,
  count: unknown,
  roles: unknown = [],
): { count: number; first_id: string; last_id: string } {
  const n = wholeNumber(count, 'count', 1, 100_000);
  if (!Array.isArray(roles)) throw new ControlError(400, 'roles must be a list of role ids or names.');
  const ids = roles.map((r) => role(ctx, r).id);
  const made = ctx.users.generate(n);
  const joined = discordTimestamp(ctx.now());
  for (const u of made) ctx.guild.add(u.id, joined, ids);
  return { count: n, first_id: made[0]!.id, last_id: made.at(-1)!.id };
}

/** A new simulated Discord user (not in the server), with a button on the authorize page. */
export function createUser(ctx: SimContext, username: unknown, globalName: unknown = null): DiscordUserSeed {
  if (typeof username !== 'string') throw new ControlError(400, 'username is required: 2 to 32 of a-z, 0-9, _ and .');
  if (globalName !== null && (typeof globalName !== 'string' || globalName.length > 32)) {
    throw new ControlError(400, 'global_name must be null or at most 32 characters.');
  }
  try {
    return ctx.users.create(username, globalName as string | null);
  } catch (err) {
    throw new ControlError(400, (err as Error).message);
  }
}

export function roleStates(ctx: SimContext): RoleState[] {
  const bot = new BotStanding(ctx.guild, ctx.application.id);
  const words = { managed: 'managed', above: 'above the bot', everyone: 'everyone' } as const;
  return ctx.guild.rolesInOrder().map((r) => {
    const refusal = bot.roleRefusal(r);
    return {
      id: r.id,
      name: r.name,
      position: r.position,
      permissions: r.permissions,
      managed: r.managed,
      bot_cannot_assign: refusal ? words[refusal] : null,
    };
  });
}

/** Changes a role by hand: its name, its position (to move it above or below the bot) or its permissions. */
export function updateRole(
  ctx: SimContext,
  idOrName: string,
  change: { name?: unknown; position?: unknown; permissions?: unknown },
): RoleState {
  const r = ctx.guild.role(idOrName) ?? ctx.guild.roleByName(idOrName);
  if (!r) throw new ControlError(404, `No role ${idOrName.slice(0, 40)}.`);
  if (change.name !== undefined) {
    if (typeof change.name !== 'string' || !change.name.trim() || change.name.length > 100) {
      throw new ControlError(400, 'name must be 1 to 100 characters.');
    }
    r.name = change.name;
  }
  if (change.position !== undefined) {
    if (r.id === ctx.guild.id) throw new ControlError(400, '@everyone stays at position 0.');
    r.position = wholeNumber(change.position, 'position', 1, 250);
  }
  if (change.permissions !== undefined) {
    if (typeof change.permissions !== 'string' || !/^\d{1,20}$/.test(change.permissions) || BigInt(change.permissions) >= 1n << 64n) {
      throw new ControlError(400, 'permissions must be a decimal bitfield string, like "268435456" (MANAGE_ROLES).');
    }
    r.permissions = change.permissions;
  }
  return roleStates(ctx).find((s) => s.id === r.id)!;
}

/** The bot's standing: its highest role and which of the permissions the portal needs it has. */
export function botState(ctx: SimContext) {
  const bot = ctx.guild.member(ctx.application.id);
  const highest =
    bot &&
    ctx.guild
      .rolesInOrder()
      .filter((r) => bot.roles.includes(r.id))
      .at(-1);
  const bits = bot ? combined(ctx.guild.permissionsOf(bot)) : 0n;
  const names = ['CREATE_INSTANT_INVITE', 'KICK_MEMBERS', 'MANAGE_NICKNAMES', 'MANAGE_ROLES'] as const;
  return {
    user_id: ctx.application.id,
    in_guild: bot !== undefined,
    highest_role: highest ? { id: highest.id, name: highest.name, position: highest.position } : null,
    permissions: Object.fromEntries(names.map((n) => [n, (bits & Permission[n]) !== 0n])),
  };
}
