import { AuditEvent, type DiscordLink } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { discordErrorWords } from '../../integrations/discord/errors.ts';
import { NotFound, Refused } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { insertAudit } from '../../queries/audit.ts';
import type { Actor, RequestMeta } from '../audit.ts';
import { recordAnswer, recordFailure } from './failures.ts';
import { changeWords, updateDiscordMember } from './member-update.ts';
import { deleteLink, findLink, findRoleRules, insertLink, saveLinkState, takeLinkState } from './queries/discord.ts';
import { discordCallbackUrl, liveConnection, workingBot } from './settings.ts';

/** The signed-in player and the session a link's state is bound to (the session plugin's AuthContext holds them). */
interface SignedIn {
  user: { id: string; name: string };
  session: { id: string };
}

type LinkDeps = Pick<Deps, 'db' | 'encryptor' | 'discord' | 'clock' | 'config'>;

/** The scopes a link asks for: who they are, and leave for the bot to add them to the server. */
const LINK_SCOPES = 'identify guilds.join';
const STATE_TTL_MS = 10 * 60_000;

/** Sends the player to Discord's authorize page, with a one-time state bound to their session. */
export async function startDiscordLink(deps: LinkDeps, auth: SignedIn): Promise<string> {
  const live = await liveConnection(deps);
  if (!live?.clientSecret) throw new Refused('invalid', 'The community’s Discord server is not connected yet: ask an admin.');
  const state = randomToken();
  await saveLinkState(
    deps.db,
    sha256(state).toString('hex'),
    auth.user.id,
    auth.session.id,
    new Date(deps.clock.now().getTime() + STATE_TTL_MS),
  );
  const url = new URL(`${deps.discord.url}/oauth2/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: live.clientId,
    scope: LINK_SCOPES,
    redirect_uri: discordCallbackUrl(deps),
    state,
    prompt: 'none',
  }).toString();
  return url.toString();
}

/** What Discord sent back to /auth/discord/callback. */
interface LinkCallback {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/** A link that did not happen, with the sentence Your account shows. */
export class LinkFailed extends Error {}

/**
 * Completes the link: the Discord user is recorded (one per character, one character per Discord
 * account), added to the server with their token or given their roles, and named by the nickname
 * template. Audited in words: "mira.solan: roles Galactic Weapon Systems given".
 */
export async function completeDiscordLink(deps: LinkDeps, auth: SignedIn | null, input: LinkCallback, meta: RequestMeta): Promise<string> {
  const stored = input.state ? await takeLinkState(deps.db, sha256(input.state).toString('hex')) : null;
  if (!stored || stored.expires_at < deps.clock.now())
    throw new LinkFailed('That Discord link has expired or was already used. Press Link Discord again.');
  if (!auth || auth.session.id !== stored.session_id) {
    throw new LinkFailed('This Discord link was started in another session. Press Link Discord again here.');
  }
  if (input.error) {
    throw new LinkFailed(
      input.error === 'access_denied'
        ? 'You cancelled at Discord, so your Discord account is not linked.'
        : `Discord did not complete the link (${input.error}).`,
    );
  }
  if (!input.code) throw new LinkFailed('Discord sent no authorization code back. Press Link Discord again.');
  const live = await liveConnection(deps);
  if (!live?.clientSecret) throw new LinkFailed('The community’s Discord server was disconnected meanwhile: ask an admin.');
  const client = { clientId: live.clientId, clientSecret: live.clientSecret };
  let tokens;
  let user;
  try {
    tokens = await deps.discord.oauth.exchangeCode(client, input.code, discordCallbackUrl(deps));
    user = await deps.discord.oauth.currentUser(tokens.access_token);
    await recordAnswer(deps);
  } catch (err) {
    throw new LinkFailed(`Discord did not complete the link: ${discordErrorWords(err)}.`);
  }
  const at = deps.clock.now();
  const saved = await insertLink(
    deps.db,
    {
      user_id: auth.user.id,
      discord_id: user.id,
      username: user.username,
      access_token_enc: deps.encryptor.encrypt(tokens.access_token),
      refresh_token_enc: tokens.refresh_token ? deps.encryptor.encrypt(tokens.refresh_token) : null,
      token_expires_at: new Date(at.getTime() + tokens.expires_in * 1000),
    },
    at,
  );
  if (!saved) {
    await deps.discord.oauth.revoke(client, tokens.access_token).catch(() => undefined);
    await insertAudit(deps.db, {
      event: AuditEvent.DiscordLinkRefused,
      userId: auth.user.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      at,
      details: { value: `${user.username} is linked to another character` },
    });
    throw new LinkFailed(`The Discord account ${user.username} is already linked to another character. Unlink it there first.`);
  }
  const outcome = await updateDiscordMember(deps, auth.user.id, {
    accessToken: tokens.access_token,
    reason: `SWC portal: ${auth.user.name} linked Discord`,
  }).catch((err: unknown) => ({ kind: 'failed' as const, why: discordErrorWords(err) }));
  const rules = await findRoleRules(deps.db);
  const result =
    outcome.kind === 'changed'
      ? changeWords(rules, outcome.added, outcome.removed, outcome.nick ?? undefined)
      : outcome.kind === 'failed'
        ? `roles not yet given (${outcome.why})`
        : outcome.kind === 'not-in-server'
          ? 'not in the server'
          : 'no roles to give';
  await insertAudit(deps.db, {
    event: AuditEvent.DiscordLinked,
    userId: auth.user.id,
    ip: meta.ip,
    userAgent: meta.userAgent,
    at,
    details: { value: `${auth.user.name} linked Discord ${user.username}: ${result}`, discord_id: user.id },
  });
  return user.username;
}

export async function discordLinkOf(deps: Pick<Deps, 'db'>, userId: string): Promise<DiscordLink> {
  const link = await findLink(deps.db, userId);
  return link ? { linked: true, id: link.discord_id, username: link.username } : { linked: false };
}

/**
 * Unlinks: the managed roles are taken (or the member removed when `on_leave` is `kick`), the player's
 * Discord token revoked, and the link forgotten. Discord failing does not keep the link.
 */
export async function unlinkDiscord(deps: LinkDeps, userId: string, who: { actor?: Actor; meta: RequestMeta }): Promise<void> {
  const link = await deleteLink(deps.db, userId);
  if (!link) throw new NotFound('No Discord account is linked.');
  const live = await liveConnection(deps);
  const bot = workingBot(deps, live);
  const rules = await findRoleRules(deps.db);
  let result = 'nothing to change in Discord';
  if (live && bot) {
    try {
      const managed = new Set(rules.map((r) => r.role_id));
      const member = await bot.member(live.guildId, link.discord_id);
      if (member) {
        const removed = member.roles.filter((id) => managed.has(id) && !live.row.refused_roles.includes(id));
        if (live.row.on_leave === 'kick') {
          await bot.kick(live.guildId, link.discord_id, 'SWC portal: Discord unlinked');
          result = 'removed from the server';
        } else if (removed.length) {
          await bot.modifyMember(
            live.guildId,
            link.discord_id,
            { roles: member.roles.filter((id) => !removed.includes(id)) },
            'SWC portal: Discord unlinked',
          );
          result = changeWords(rules, [], removed);
        }
      }
      await recordAnswer(deps);
    } catch (err) {
      await recordFailure(deps, err);
      result = `Discord could not be changed: ${discordErrorWords(err)}`;
    }
    if (live.clientSecret && link.access_token_enc) {
      const client = { clientId: live.clientId, clientSecret: live.clientSecret };
      await deps.discord.oauth.revoke(client, deps.encryptor.decrypt(link.access_token_enc)).catch(() => undefined);
    }
  }
  await insertAudit(deps.db, {
    event: AuditEvent.DiscordUnlinked,
    userId,
    actorId: who.actor?.userId ?? null,
    ip: who.meta.ip,
    userAgent: who.meta.userAgent,
    at: deps.clock.now(),
    details: { value: `${link.username}: ${result}` },
  });
}
