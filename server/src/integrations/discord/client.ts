import type { REST } from '@discordjs/rest';
import type {
  DiscordApi,
  DiscordBot,
  DiscordClientCredentials,
  DiscordGuild,
  DiscordMember,
  DiscordOAuth,
  DiscordTokens,
  DiscordUser,
} from './types.ts';
import { isDiscordError } from './errors.ts';
import { loadDiscordRest } from './rest-module.ts';

interface DiscordClientOptions {
  /** DISCORD_URL (https://discord.com, or the bundled simulator). */
  url: string;
  /** How often @discordjs/rest itself retries a 5xx or a dropped connection before the job's own retries take over. */
  retries?: number;
  /** Milliseconds one request may take. */
  timeoutMs?: number;
}

const USER_AGENT_APPENDIX = 'swc-portal';

/**
 * Discord through @discordjs/rest, its `api` option set from DISCORD_URL: its per-route buckets, its
 * waits after a 429 (`retry_after`) and the global limit hold for every call. It never follows a
 * redirect, and never retries a 401 or a 403.
 */
export function createDiscordClient({ url, retries = 1, timeoutMs = 15_000 }: DiscordClientOptions): DiscordApi {
  const base = url.replace(/\/+$/, '');
  const restOf = async () =>
    new (await loadDiscordRest()).REST({
      api: `${base}/api`,
      version: '10',
      retries,
      timeout: timeoutMs,
      userAgentAppendix: USER_AGENT_APPENDIX,
    });
  const bots = new Map<string, Promise<REST>>();
  // OAuth2 and the player's own calls: their own buckets, apart from the bot's.
  let opened: Promise<REST> | undefined;
  const open = () => (opened ??= restOf());

  const basic = (client: DiscordClientCredentials) =>
    `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
  const form = (fields: Record<string, string>) => ({
    auth: false as const,
    passThroughBody: true,
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

  const oauth: DiscordOAuth = {
    async exchangeCode(client, code, redirectUri) {
      const rest = await open();
      return (await rest.post('/oauth2/token', {
        ...form({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic(client) },
      })) as DiscordTokens;
    },
    async revoke(client, token) {
      const rest = await open();
      await rest.post('/oauth2/token/revoke', {
        ...form({ token, token_type_hint: 'access_token' }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: basic(client) },
      });
    },
    async currentUser(accessToken) {
      return (await (await open()).get('/users/@me', { auth: false, headers: { Authorization: `Bearer ${accessToken}` } })) as DiscordUser;
    },
  };

  function botClient(ready: Promise<REST>): DiscordBot {
    const memberPath = (guildId: string, userId: string) => `/guilds/${guildId}/members/${userId}` as const;
    return {
      async guild(guildId) {
        return (await (await ready).get(`/guilds/${guildId}`)) as DiscordGuild;
      },
      async member(guildId, userId) {
        try {
          return (await (await ready).get(memberPath(guildId, userId))) as DiscordMember;
        } catch (err) {
          if (isDiscordError(err, 10007)) return null;
          throw err;
        }
      },
      async listMembers(guildId, after, limit) {
        const query = new URLSearchParams({ limit: String(limit), after });
        return (await (await ready).get(`/guilds/${guildId}/members`, { query })) as DiscordMember[];
      },
      async addMember(guildId, userId, body, reason) {
        // 201 answers the member; 204 (already a member) answers nothing, which @discordjs/rest reads as an empty body.
        const answer = (await (await ready).put(memberPath(guildId, userId), { body, reason })) as DiscordMember | null | undefined;
        return answer && typeof answer === 'object' && 'roles' in answer ? 'added' : 'already';
      },
      async modifyMember(guildId, userId, body, reason) {
        await (await ready).patch(memberPath(guildId, userId), { body, reason });
      },
      async kick(guildId, userId, reason) {
        await (await ready).delete(memberPath(guildId, userId), { reason });
      },
    };
  }

  return {
    url: base,
    bot(token) {
      let rest = bots.get(token);
      if (!rest) {
        // A replaced token's client is dropped: only the current token's buckets matter.
        bots.clear();
        rest = restOf();
        bots.set(token, rest);
      }
      // @discordjs/rest forgets its token after a 401; an admin saving the same token again must be heard.
      return botClient(rest.then((client) => client.setToken(token)));
    },
    oauth,
  };
}
