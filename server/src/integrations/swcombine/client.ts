import type { z } from 'zod';

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
  /** The faction's UID ("20:2400"), when SWCombine names it. */
  factionUid: string | null;
}

/** Who an access token speaks for (an OAuth call: it spends no web-service request). */
interface SwcTokenInfo {
  uid: string;
  scopes: string[];
}

/**
 * Interactive calls (sign-in, consents, bindings) may take the whole request budget; roster reads
 * leave the sign-ins' reserve; background calls (data sync) leave both that and the rosters' share.
 */
export type SwcCallClass = 'interactive' | 'roster' | 'background';

/** One web-services v2.0 call; `schema` reads the envelope's `swcapi` object. */
export interface SwcWsRequest<T> {
  /** Below /ws/v2.0, like `/character/` or `/galaxy/systems/`. */
  path: string;
  callClass: SwcCallClass;
  accessToken?: string;
  query?: Record<string, string | number>;
  schema: z.ZodType<T>;
  /** Names the call in error messages ("the character lookup"). */
  what: string;
}

export interface SwcClient {
  authorizeUrl(input: {
    state: string;
    redirectUri: string;
    scopes: string[];
    accessType: 'online' | 'offline';
    /** Keep scopes granted earlier that this request does not name (SWCombine's default: no). */
    renewPreviouslyGranted?: boolean;
  }): string;
  /** Parses the callback query; throws SwcAuthError for `error=` answers and a state mismatch. */
  exchangeCallback(callbackUrl: URL, expectedState: string, redirectUri: string): Promise<SwcTokens>;
  /** A new access token; `scopes` narrows it to part of the grant. Throws SwcGrantGone when the grant is no more. */
  refresh(refreshToken: string, scopes?: string[]): Promise<SwcTokens>;
  /** Ends the whole grant a refresh token belongs to. */
  revoke(refreshToken: string): Promise<void>;
  tokenInfo(accessToken: string): Promise<SwcTokenInfo>;
  getCharacter(accessToken: string, callClass: SwcCallClass): Promise<SwcCharacter>;
  /** Every web-service call goes through here: request budget, headers, envelope and errors. */
  webService<T>(request: SwcWsRequest<T>): Promise<T>;
  /** Does SWCombine answer at all now (any HTTP answer of its sign-in page within 2 seconds)? Spends no budget. */
  reachable(): Promise<boolean>;
}

/** The player or SWCombine said no (`access_denied`, `invalid_scope`, …). */
export class SwcAuthError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** A refresh was refused with invalid_grant: the player revoked it or it lapsed. Mark it disconnected; retrying cannot help. */
export class SwcGrantGone extends SwcAuthError {
  constructor(message: string) {
    super('invalid_grant', message);
  }
}

/** SWCombine could not be reached or answered something unusable. */
export class SwcUpstreamError extends Error {}

/** A web-service call SWCombine answered with an error status (bad token, missing scope, unknown resource). */
export class SwcApiError extends SwcUpstreamError {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The request budget has nothing left for this call; it was not sent. */
export class SwcBudgetExhausted extends Error {
  readonly retryAt: Date;
  readonly callClass: SwcCallClass;
  constructor(retryAt: Date, callClass: SwcCallClass) {
    super(`The SWCombine request budget is used up until ${retryAt.toISOString()}.`);
    this.retryAt = retryAt;
    this.callClass = callClass;
  }
}

/**
 * How a SWCombine failure reads for whoever asked: the player said no, SWCombine refused (a grant
 * gone, a scope unknown, a code already used), or it did not answer (unreachable, failing, or no
 * request budget left for the call). Null for an error that is not SWCombine's.
 */
export function swcFailureKind(err: unknown): 'declined' | 'refused' | 'no-answer' | null {
  if (err instanceof SwcAuthError) return err.code === 'access_denied' ? 'declined' : 'refused';
  if (err instanceof SwcUpstreamError || err instanceof SwcBudgetExhausted) return 'no-answer';
  return null;
}
