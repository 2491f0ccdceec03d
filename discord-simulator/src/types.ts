/** A Discord user the simulator knows: one button each on the authorize page (bots have none). */
export interface DiscordUserSeed {
  /** A snowflake. */
  id: string;
  username: string;
  global_name: string | null;
  /** Answered by /users/@me to a token granted the `email` scope. */
  email?: string;
  bot?: boolean;
}

/** A role as the seed (data/guild.json) gives it; the rest of Discord's role fields take their defaults. */
export interface DiscordRoleSeed {
  id: string;
  name: string;
  position: number;
  /** Decimal string bitfield. */
  permissions: string;
  color?: number;
  hoist?: boolean;
  mentionable?: boolean;
  managed?: boolean;
  tags?: { bot_id?: string; integration_id?: string; premium_subscriber?: null };
}

export interface DiscordMemberSeed {
  user_id: string;
  roles: string[];
  nick?: string | null;
  joined_at: string;
  premium_since?: string | null;
}

export interface DiscordGuildSeed {
  id: string;
  name: string;
  description: string | null;
  owner_id: string;
  roles: DiscordRoleSeed[];
  members: DiscordMemberSeed[];
}

/** The Discord application (OAuth2 client and bot) the simulator registers. */
export interface DiscordApplication {
  /** The application id, which is also the OAuth2 client id and the bot user's id. */
  id: string;
  name: string;
  description: string;
  client_secret: string;
  bot_token: string;
}

/** What a product enters to connect to the simulated server: everything Discord's developer portal shows. */
export interface DiscordConnection {
  clientId: string;
  clientSecret: string;
  botToken: string;
  guildId: string;
}

/** A rate-limit bucket's size: `limit` requests per `windowSeconds`, the window starting at its first request. */
export interface BucketSize {
  limit: number;
  windowSeconds: number;
}

export interface DiscordSimulatorOptions {
  /** Where the OAuth2 authorize page may send players back (exact match). Default: the portal's dev callback. */
  redirectUris?: string[];
  /** Replaces parts of the seeded application (client secret, bot token, name). */
  application?: Partial<Omit<DiscordApplication, 'id'>>;
  /** Members generated on top of the seed (users `member.00001` …), for reconcile and paging tests. Default 0. */
  generatedMembers?: number;
  /** Overrides per bucket name (see README: `get-guild`, `member-role`, …). */
  buckets?: Record<string, Partial<BucketSize>>;
  /** Requests per second per bot (or user token, or address) before a global 429. Default 50. */
  globalLimit?: number;
  /** Access-token lifetime in seconds. Default 604800 (7 days), Discord's. */
  tokenTtlSeconds?: number;
  /** Millisecond clock; default Date.now. */
  now?: () => number;
  /** Absolute base URL the browser sees; default derived from each request. */
  publicUrl?: string;
  logger?: boolean;
}
