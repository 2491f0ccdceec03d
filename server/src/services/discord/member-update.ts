import { AuditEvent } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { fillNickname, nextRoles } from '../../domain/discord-roles.ts';
import { discordErrorWords } from '../../integrations/discord/errors.ts';
import type { DiscordBot, DiscordMember } from '../../integrations/discord/types.ts';
import { insertAudit } from '../../queries/audit.ts';
import { recordAnswer, recordFailure } from './failures.ts';
import {
  findLink,
  findPlayerFacts,
  findRoleRules,
  markNotInServer,
  type LinkRow,
  type PlayerFacts,
  type RoleRuleRow,
} from './queries/discord.ts';
import { liveConnection, workingBot, type LiveConnection } from './settings.ts';

type UpdateDeps = Pick<Deps, 'db' | 'encryptor' | 'discord' | 'clock'>;

type MemberOutcome =
  | { kind: 'skipped'; why: string }
  | { kind: 'unchanged' }
  | { kind: 'changed'; added: string[]; removed: string[]; nick: string | null | undefined; joined: boolean }
  | { kind: 'kicked'; removed: string[] }
  | { kind: 'not-in-server' }
  | { kind: 'failed'; why: string };

/** Who the rules give roles to: a player's groups now, and what an admin recorded for them on the portal app. */
type RoleHolder = Pick<PlayerFacts, 'group_ids' | 'portal_status'>;

/**
 * What the rules call for: the managed roles, and those the player's groups give. A player the
 * portal's admins suspended or revoked on the portal app itself is barred from the community:
 * whatever their groups, they hold no managed role.
 */
export function rolesCalledFor(rules: readonly RoleRuleRow[], player: RoleHolder) {
  const managed = new Set(rules.map((r) => r.role_id));
  const barred = isBarred(player);
  const desired = new Set(barred ? [] : rules.filter((r) => player.group_ids.includes(r.group_id)).map((r) => r.role_id));
  return { managed, desired };
}

const isBarred = (player: Pick<RoleHolder, 'portal_status'>) => player.portal_status === 'suspended' || player.portal_status === 'revoked';

export const roleNames = (rules: readonly RoleRuleRow[], ids: readonly string[]) =>
  ids.map((id) => rules.find((r) => r.role_id === id)?.role_name ?? id);

/** "roles GWS, Industry given, Verified taken" in words, for the audit log. */
export function changeWords(
  rules: readonly RoleRuleRow[],
  added: readonly string[],
  removed: readonly string[],
  nick?: string | null,
): string {
  const parts: string[] = [];
  if (added.length) parts.push(`roles ${roleNames(rules, added).join(', ')} given`);
  if (removed.length) parts.push(`roles ${roleNames(rules, removed).join(', ')} taken`);
  if (nick !== undefined) parts.push(nick === null ? 'nickname cleared' : `nickname ${nick}`);
  return parts.length ? parts.join(', ') : 'nothing to change';
}

interface MemberPlan {
  live: LiveConnection;
  bot: DiscordBot;
  link: LinkRow;
  facts: PlayerFacts;
  rules: RoleRuleRow[];
  managed: Set<string>;
  desired: Set<string>;
  frozen: Set<string>;
  nick: string | null;
}

async function planFor(deps: UpdateDeps, userId: string): Promise<MemberPlan | { kind: 'skipped'; why: string }> {
  const live = await liveConnection(deps);
  const bot = workingBot(deps, live);
  if (!live || !bot) return { kind: 'skipped', why: live ? 'Discord work is stopped' : 'no Discord server is connected' };
  const link = await findLink(deps.db, userId);
  if (!link) return { kind: 'skipped', why: 'the player has not linked Discord' };
  const facts = await findPlayerFacts(deps.db, userId);
  if (!facts) return { kind: 'skipped', why: 'no such player' };
  const rules = await findRoleRules(deps.db);
  const { managed, desired } = rolesCalledFor(rules, facts);
  const nick = fillNickname(live.row.nickname, facts);
  return { live, bot, link, facts, rules, managed, desired, frozen: new Set(live.row.refused_roles), nick };
}

async function auditChange(deps: UpdateDeps, userId: string, event: AuditEvent, details: Record<string, unknown>) {
  await insertAudit(deps.db, { event, actorId: null, userId, appKey: null, ip: null, userAgent: null, at: deps.clock.now(), details });
}

/**
 * Puts one linked player's managed roles (and nickname, when a template is set) where the rules say:
 * every role the portal does not manage is sent back as it was. A player in none of the rules' groups
 * loses the managed roles, or is removed from the server when `on_leave` is `kick`. With the player's
 * token (at link time), a player not in the server is added to it with their roles.
 */
export async function updateDiscordMember(
  deps: UpdateDeps,
  userId: string,
  opts: { accessToken?: string; reason?: string } = {},
): Promise<MemberOutcome> {
  const plan = await planFor(deps, userId);
  if ('kind' in plan) return plan;
  const { live, bot, link, rules, managed, desired, frozen } = plan;
  const barredWords = isBarred(plan.facts) ? `${plan.facts.portal_status} on the portal` : null;
  const barred = barredWords ? ` (${barredWords})` : '';
  const reason = opts.reason ?? `SWC portal: ${plan.facts.name}${barredWords ? ` is ${barredWords}` : "'s groups changed"}`;
  let member: DiscordMember | null;
  try {
    member = await bot.member(live.guildId, link.discord_id);
    await recordAnswer(deps);
  } catch (err) {
    return failed(deps, userId, err, []);
  }
  if (!member) return joinServer(deps, plan, opts.accessToken, reason);
  if (link.not_in_server) await markNotInServer(deps.db, userId, false);
  const next = nextRoles(member.roles, managed, desired, frozen);
  const leaving = desired.size === 0 && next.removed.length > 0 && live.row.on_leave === 'kick';
  try {
    if (leaving) {
      await bot.kick(live.guildId, link.discord_id, `SWC portal: ${plan.facts.name} holds no managed role any more`);
      await recordAnswer(deps);
      await auditChange(deps, userId, AuditEvent.DiscordRolesChanged, {
        value: `${link.username} removed from the server (${changeWords(rules, [], next.removed)})${barred}`,
        removed: roleNames(rules, next.removed),
      });
      return { kind: 'kicked', removed: next.removed };
    }
    const nickChange = live.row.nickname !== null && plan.nick !== (member.nick ?? null) ? plan.nick : undefined;
    if (next.added.length === 0 && next.removed.length === 0 && nickChange === undefined) return { kind: 'unchanged' };
    const body: { roles?: string[]; nick?: string | null } = {};
    if (next.added.length || next.removed.length) body.roles = next.roles;
    if (nickChange !== undefined) body.nick = nickChange;
    await bot.modifyMember(live.guildId, link.discord_id, body, reason);
    await recordAnswer(deps);
    await auditChange(deps, userId, AuditEvent.DiscordRolesChanged, {
      value: `${link.username}: ${changeWords(rules, next.added, next.removed, nickChange)}${barred}`,
      added: roleNames(rules, next.added),
      removed: roleNames(rules, next.removed),
    });
    return { kind: 'changed', added: next.added, removed: next.removed, nick: nickChange, joined: false };
  } catch (err) {
    // A refused kick (Kick Members missing) is no reason to stop changes to the roles.
    return failed(deps, userId, err, leaving ? [] : [...next.added, ...next.removed]);
  }
}

/** A linked player not in the server: added with their roles when their token allows, else marked so the status says it. */
async function joinServer(deps: UpdateDeps, plan: MemberPlan, accessToken: string | undefined, reason: string): Promise<MemberOutcome> {
  const { live, bot, link, rules, desired, frozen } = plan;
  const token = accessToken ?? (link.access_token_enc ? deps.encryptor.decrypt(link.access_token_enc) : undefined);
  const roles = [...desired].filter((id) => !frozen.has(id));
  const usable = token && (!link.token_expires_at || link.token_expires_at > deps.clock.now());
  // A player barred on the portal is never brought into the server, not even without roles.
  if (!usable || isBarred(plan.facts) || (roles.length === 0 && live.row.on_leave === 'kick')) {
    await markNotInServer(deps.db, link.user_id, true);
    return { kind: 'not-in-server' };
  }
  try {
    const body = { access_token: token, roles, ...(plan.nick ? { nick: plan.nick } : {}) };
    const result = await bot.addMember(live.guildId, link.discord_id, body, reason);
    await recordAnswer(deps);
    await markNotInServer(deps.db, link.user_id, false);
    // 204: they joined in the meantime; Add Guild Member ignored the roles, so the next update sets them.
    if (result === 'already') return updateDiscordMember(deps, link.user_id, { reason });
    await auditChange(deps, link.user_id, AuditEvent.DiscordRolesChanged, {
      value: `${link.username} added to the server: ${changeWords(rules, roles, [], plan.nick ?? undefined)}`,
      added: roleNames(rules, roles),
    });
    return { kind: 'changed', added: roles, removed: [], nick: plan.nick, joined: true };
  } catch (err) {
    return failed(deps, link.user_id, err, roles);
  }
}

/** Records the failure; Discord down or unreachable is thrown for the job to try again later. */
async function failed(deps: UpdateDeps, userId: string, err: unknown, roleIds: string[]): Promise<MemberOutcome> {
  const outcome = await recordFailure(deps, err, roleIds);
  if (outcome === 'retry') throw err;
  const why = discordErrorWords(err);
  await auditChange(deps, userId, AuditEvent.DiscordUpdateFailed, { value: why });
  return { kind: 'failed', why };
}
