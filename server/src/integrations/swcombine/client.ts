/** What the product needs from SWCombine; the real service and the simulator both answer it over HTTP. */
export interface SwcTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  /** What SWCombine answered as granted, not what was asked for. */
  scopes: string[];
}

export interface SwcCharacter {
  uid: string;
  name: string;
  image: string | null;
  race: string | null;
  faction: string | null;
}

export interface SwcClient {
  authorizeUrl(input: { state: string; redirectUri: string; scopes: string[]; accessType: 'online' | 'offline' }): string;
  /** Parses the callback query; throws SwcAuthError for `error=` answers and a state mismatch. */
  exchangeCallback(callbackUrl: URL, expectedState: string, redirectUri: string): Promise<SwcTokens>;
  refresh(refreshToken: string): Promise<SwcTokens>;
  getCharacter(accessToken: string): Promise<SwcCharacter>;
}

/** The player or SWCombine said no (`access_denied`, `invalid_scope`, …). */
export class SwcAuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** SWCombine could not be reached or answered something unusable. */
export class SwcUpstreamError extends Error {}
