/** What the portal reads of Discord's API v10 (discord-api-types names the same fields). */
interface DiscordApiRole {
  id: string;
  name: string;
  position: number;
  /** A decimal bitfield. */
  permissions: string;
  managed?: boolean;
}

export interface DiscordGuild {
  id: string;
  name: string;
  owner_id: string;
  roles: DiscordApiRole[];
}

export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  bot?: boolean;
}

export interface DiscordMember {
  user?: DiscordUser;
  nick?: string | null;
  roles: string[];
}

export interface DiscordTokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
}

/** The bot's calls on the community's server (Authorization: Bot). */
export interface DiscordBot {
  guild(guildId: string): Promise<DiscordGuild>;
  /** The member, or null when they are not in the server (10007). */
  member(guildId: string, userId: string): Promise<DiscordMember | null>;
  /** One page of List Guild Members, ordered by user id. */
  listMembers(guildId: string, after: string, limit: number): Promise<DiscordMember[]>;
  /** Add Guild Member with the player's token: 'added' (201), or 'already' a member (204: nick and roles ignored). */
  addMember(
    guildId: string,
    userId: string,
    body: { access_token: string; nick?: string; roles?: string[] },
    reason: string,
  ): Promise<'added' | 'already'>;
  /** Modify Guild Member: `roles` replaces the whole list. */
  modifyMember(guildId: string, userId: string, body: { nick?: string | null; roles?: string[] }, reason: string): Promise<void>;
  kick(guildId: string, userId: string, reason: string): Promise<void>;
}

/** A player's OAuth2 authorization (the application's client id and secret). */
export interface DiscordOAuth {
  exchangeCode(client: DiscordClientCredentials, code: string, redirectUri: string): Promise<DiscordTokens>;
  revoke(client: DiscordClientCredentials, token: string): Promise<void>;
  currentUser(accessToken: string): Promise<DiscordUser>;
}

export interface DiscordClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Discord, as the portal reaches it: everything at DISCORD_URL. */
export interface DiscordApi {
  /** DISCORD_URL: the authorize page is `${url}/oauth2/authorize`, the API `${url}/api/v10`. */
  url: string;
  /** The bot's client for this token; one per token, so its rate-limit buckets hold across every call. */
  bot(token: string): DiscordBot;
  oauth: DiscordOAuth;
}
