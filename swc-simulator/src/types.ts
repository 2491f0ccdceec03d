/** An OAuth client registered with the simulator (what swcombine.com calls a registered application). */
export interface SimulatorClient {
  clientId: string;
  clientSecret: string;
  /** Absolute URLs; a redirect_uri must equal one of them exactly. */
  redirectUris: string[];
  /** Shown on the sign-in page; defaults to the client id. */
  name?: string;
}

export interface SimulatorCharacter {
  /** `1:<id>` */
  uid: string;
  name: string;
  /** Avatar URL; absolute, or a path on the simulator. Default: the simulator's generated avatar. */
  image?: string;
  gender: string;
  race: { uid: string; name: string };
  faction: { uid: string; name: string } | null;
  /** Where the character is, most specific first: `City, Planet, System, Sector` (the last part is the sector). */
  location?: string;
}

export interface SimulatorOptions {
  clients: SimulatorClient[];
  /** Default: the bundled data/characters.json. */
  characters?: SimulatorCharacter[];
  /**
   * Web-service calls allowed per client IP per window, over all /ws/v2.0/ calls (default 600).
   * The older form `{ limit, windowSeconds }` is still accepted.
   */
  rateLimit?: number | { limit: number; windowSeconds: number };
  /** Length of the rate-limit window in seconds (default 3600). */
  rateWindowSeconds?: number;
  /** Access-token lifetime in seconds (default 3600). */
  tokenTtlSeconds?: number;
  /** Older name of tokenTtlSeconds. */
  accessTokenTtlSeconds?: number;
  /** Millisecond clock; default Date.now. */
  now?: () => number;
  /**
   * Rows of 16 sectors in the galaxy, 1 to 15 (default 15: 240 sectors, 2,400 systems). Fewer serve the top rows of
   * the same galaxy alone, for a test that reads all of it; inventories stay within its systems.
   */
  galaxyRows?: number;
  /** Absolute base URL the browser sees (used for avatar and href URLs); default derived from each request. */
  publicUrl?: string;
  logger?: boolean;
}

/** An entry of data/factions.json. */
export interface SimulatorFaction {
  uid: string;
  name: string;
  type: string;
  leader: string;
  founded: string;
}

/** What the web services have answered so far (for tests that check a client's request budget). */
export interface SimulatorStats {
  /** Every /ws/v2.0/ request received. */
  requests: number;
  /** Requests answered within the rate limit (whatever their status). */
  served: number;
  /** Requests refused because the caller was over the rate limit. */
  overLimit: number;
}
