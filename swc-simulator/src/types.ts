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
  /** Default: 600 requests per 3600 s per client IP, over all /ws/v2.0/ calls. */
  rateLimit?: { limit: number; windowSeconds: number };
  /** Default 3600. */
  accessTokenTtlSeconds?: number;
  /** Millisecond clock; default Date.now. */
  now?: () => number;
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
