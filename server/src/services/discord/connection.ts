import { AuditEvent, type DiscordConnection, type DiscordConnectionInput, type DiscordRole, type DiscordStatus } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { botStanding, missingPermissions, whyNotAssignable } from '../../domain/discord-roles.ts';
import { discordErrorWords, discordFailure } from '../../integrations/discord/errors.ts';
import type { DiscordGuild } from '../../integrations/discord/types.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { recordAnswer, recordFailure } from './failures.ts';
import { queueAllMemberUpdates } from './member-jobs.ts';
import { deleteConnection, findRoleRules, saveConnection } from './queries/discord.ts';
import { liveConnection, type LiveConnection } from './settings.ts';

type ConnectionDeps = Pick<Deps, 'db' | 'encryptor' | 'discord' | 'clock' | 'queue'>;

interface GuildView {
  guild: DiscordGuild;
  standing: ReturnType<typeof botStanding>;
}

/** The server and the bot's place in it, read from Discord. */
async function readGuild(deps: ConnectionDeps, live: LiveConnection): Promise<GuildView> {
  const bot = deps.discord.bot(live.botToken!);
  const guild = await bot.guild(live.guildId);
  // The bot's user id is the application's id (its client id).
  const me = await bot.member(live.guildId, live.clientId);
  await recordAnswer(deps);
  return { guild, standing: botStanding(guild.roles, me?.roles ?? [], live.guildId) };
}

/** The connection's status in words: the server's name, the bot's highest role, what it lacks, the mapped roles it cannot give. */
async function statusOf(deps: ConnectionDeps, live: LiveConnection | null): Promise<DiscordStatus> {
  const at = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  if (!live) return { ok: false, guild_name: null, bot_role: null, problems: ['No Discord server is connected.'], last_answer_at: null };
  const base = { last_answer_at: at(live.row.last_answer_at) };
  if (live.row.stopped_reason) {
    return { ok: false, guild_name: null, bot_role: null, problems: [`Discord work is stopped: ${live.row.stopped_reason}.`], ...base };
  }
  if (!live.botToken) return { ok: false, guild_name: null, bot_role: null, problems: ['Enter the bot token.'], ...base };
  let view: GuildView;
  try {
    view = await readGuild(deps, live);
  } catch (err) {
    await recordFailure(deps, err);
    const fresh = await liveConnection(deps);
    return {
      ok: false,
      guild_name: null,
      bot_role: null,
      problems: [`${discordErrorWords(err)}.`],
      last_answer_at: at(fresh?.row.last_answer_at),
    };
  }
  const { guild, standing } = view;
  const problems: string[] = [];
  if (!live.clientSecret) problems.push('Enter the client secret: players cannot link their Discord accounts without it.');
  const missing = missingPermissions(standing);
  if (missing.length) problems.push(`The bot lacks these permissions: ${missing.join(', ')}.`);
  const rules = await findRoleRules(deps.db);
  for (const roleId of new Set(rules.map((r) => r.role_id))) {
    const role = guild.roles.find((r) => r.id === roleId);
    const name = rules.find((r) => r.role_id === roleId)!.role_name;
    if (!role) {
      problems.push(`The role ${name} is mapped but no longer exists in the server.`);
      continue;
    }
    const why = whyNotAssignable(role, standing, live.guildId);
    if (why) problems.push(`The bot cannot give the role ${role.name}: ${why}.`);
    else if (live.row.refused_roles.includes(roleId)) {
      problems.push(
        `Discord refused to let the bot give or take the role ${role.name} (Missing Permissions): changes to it are stopped until you save the connection again.`,
      );
    }
  }
  const fresh = await liveConnection(deps);
  if (fresh?.row.last_error && problems.length === 0) problems.push(`The last Discord call failed: ${fresh.row.last_error}.`);
  return {
    ok: problems.length === 0,
    guild_name: guild.name,
    bot_role: standing.highest?.name ?? null,
    problems,
    last_answer_at: at(fresh?.row.last_answer_at),
  };
}

function viewOf(live: LiveConnection | null, status: DiscordStatus): DiscordConnection {
  return {
    connected: live !== null,
    client_id: live?.clientId ?? '',
    guild_id: live?.guildId ?? '',
    client_secret_set: Boolean(live?.clientSecret),
    bot_token_set: Boolean(live?.botToken),
    on_leave: live?.row.on_leave ?? 'remove_roles',
    nickname: live?.row.nickname ?? null,
    reconcile: live?.row.reconcile ?? 'fix',
    status,
    last_reconcile:
      live?.row.last_reconcile_at && live.row.last_reconcile_summary
        ? { at: live.row.last_reconcile_at.toISOString(), summary: live.row.last_reconcile_summary }
        : null,
  };
}

export async function getDiscordConnection(deps: ConnectionDeps): Promise<DiscordConnection> {
  const live = await liveConnection(deps);
  return viewOf(live, await statusOf(deps, live));
}

/** Saves the connection (secrets left out stay as stored), starts Discord work again, and brings every linked player up to date. */
export async function putDiscordConnection(
  deps: ConnectionDeps,
  actor: Actor,
  input: DiscordConnectionInput & { on_leave: string; reconcile: string; nickname: string | null },
) {
  await inTransaction(deps.db, async (tx) => {
    await saveConnection(
      tx,
      {
        client_id: input.client_id,
        client_secret_enc: input.client_secret === undefined ? undefined : deps.encryptor.encrypt(input.client_secret),
        bot_token_enc: input.bot_token === undefined ? undefined : deps.encryptor.encrypt(input.bot_token),
        guild_id: input.guild_id,
        on_leave: input.on_leave,
        nickname: input.nickname,
        reconcile: input.reconcile,
      },
      deps.clock.now(),
    );
    await auditAdmin(deps, tx, actor, AuditEvent.DiscordConnected, {
      details: {
        value: `server ${input.guild_id}`,
        client_id: input.client_id,
        secrets_changed: [input.client_secret !== undefined && 'client secret', input.bot_token !== undefined && 'bot token'].filter(
          Boolean,
        ),
        on_leave: input.on_leave,
        nickname: input.nickname,
        reconcile: input.reconcile,
      },
    });
  });
  await queueAllMemberUpdates(deps);
  return getDiscordConnection(deps);
}

/** Disconnects: the portal forgets the application and its secrets; nothing changes in Discord. */
export async function deleteDiscordConnection(deps: ConnectionDeps, actor: Actor): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    if (!(await deleteConnection(tx))) throw new NotFound('No Discord server is connected.');
    await auditAdmin(deps, tx, actor, AuditEvent.DiscordDisconnected);
  });
}

/** The server's roles, top first, each saying whether the bot may give it. */
export async function listDiscordRoles(deps: ConnectionDeps): Promise<DiscordRole[]> {
  const live = await liveConnection(deps);
  if (!live?.botToken) throw new NotFound('No Discord server is connected: connect it first.');
  if (live.row.stopped_reason) throw new Conflict(`Discord work is stopped: ${live.row.stopped_reason}. Save a working bot token first.`);
  let view: GuildView;
  try {
    view = await readGuild(deps, live);
  } catch (err) {
    await recordFailure(deps, err);
    throw discordFailure(err, 'The server’s roles could not be read');
  }
  return view.guild.roles
    .filter((role) => role.id !== live.guildId)
    .sort((a, b) => b.position - a.position)
    .map((role) => ({
      id: role.id,
      name: role.name,
      position: role.position,
      managed: Boolean(role.managed),
      assignable: whyNotAssignable(role, view.standing, live.guildId) === null,
    }));
}
