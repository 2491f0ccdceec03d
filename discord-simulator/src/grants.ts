import { randomBytes } from 'node:crypto';

/** How long an authorization code may be exchanged (assumed: Discord does not publish it). */
const CODE_TTL_MS = 10 * 60 * 1000;

export interface AccessToken {
  token: string;
  clientId: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
}

interface Code {
  clientId: string;
  userId: string;
  scopes: string[];
  redirectUri: string;
  expiresAt: number;
}

/** One user's authorization of one application: what Discord lists under Authorized Apps, and its live tokens. */
interface Authorization {
  scopes: string[];
  access: Set<string>;
  refresh: Set<string>;
}

export class GrantError extends Error {}

function token(): string {
  return randomBytes(22).toString('base64url').slice(0, 30);
}

const key = (clientId: string, userId: string) => `${clientId}:${userId}`;

/** Codes, access and refresh tokens, and who authorized which application for what. */
export class Grants {
  private readonly codes = new Map<string, Code>();
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, { clientId: string; userId: string; scopes: string[] }>();
  private readonly authorizations = new Map<string, Authorization>();
  private readonly now: () => number;
  private readonly ttlMs: number;
  constructor(now: () => number, ttlSeconds: number) {
    this.now = now;
    this.ttlMs = ttlSeconds * 1000;
  }

  /** Whether the user already authorized the application for every one of `scopes` (what prompt=none needs). */
  authorized(clientId: string, userId: string, scopes: readonly string[]): boolean {
    const granted = this.authorizations.get(key(clientId, userId))?.scopes ?? [];
    return scopes.every((s) => granted.includes(s));
  }

  /** Records the user's approval and answers a code for the redirect. */
  approve(clientId: string, userId: string, scopes: string[], redirectUri: string): string {
    const auth = this.authorization(clientId, userId);
    auth.scopes = [...new Set([...auth.scopes, ...scopes])];
    const code = token();
    this.codes.set(code, { clientId, userId, scopes, redirectUri, expiresAt: this.now() + CODE_TTL_MS });
    return code;
  }

  /** Exchanges a code once; throws GrantError with Discord's description when it cannot. */
  exchange(code: string, clientId: string, redirectUri: string | undefined): { access: AccessToken; refreshToken: string } {
    const found = this.codes.get(code);
    if (!found || found.clientId !== clientId || found.expiresAt <= this.now()) throw new GrantError('Invalid "code" in request.');
    if (redirectUri !== found.redirectUri) throw new GrantError('Invalid "redirect_uri" in request.');
    this.codes.delete(code);
    return this.issue(clientId, found.userId, found.scopes);
  }

  /** A new access token and a new refresh token; the refresh token used stops working. */
  renew(refreshToken: string, clientId: string): { access: AccessToken; refreshToken: string } {
    const found = this.refresh.get(refreshToken);
    if (!found || found.clientId !== clientId) throw new GrantError('Invalid "refresh_token" in request.');
    this.refresh.delete(refreshToken);
    this.authorizations.get(key(clientId, found.userId))?.refresh.delete(refreshToken);
    return this.issue(clientId, found.userId, found.scopes);
  }

  /** A live access token, or undefined when unknown, revoked or expired. */
  accessToken(value: string): AccessToken | undefined {
    const found = this.access.get(value);
    return found && found.expiresAt > this.now() ? found : undefined;
  }

  /**
   * Revokes the whole authorization the token belongs to, as Discord does: every access and refresh token
   * of that user for that application, and the approval prompt=none relies on. Unknown tokens change nothing.
   */
  revoke(value: string, clientId: string): boolean {
    const owner = this.access.get(value) ?? this.refresh.get(value);
    if (!owner || owner.clientId !== clientId) return false;
    const k = key(clientId, owner.userId);
    const auth = this.authorizations.get(k);
    for (const t of auth?.access ?? []) this.access.delete(t);
    for (const t of auth?.refresh ?? []) this.refresh.delete(t);
    this.authorizations.delete(k);
    return true;
  }

  private issue(clientId: string, userId: string, scopes: string[]): { access: AccessToken; refreshToken: string } {
    const access: AccessToken = { token: token(), clientId, userId, scopes, expiresAt: this.now() + this.ttlMs };
    const refreshToken = token();
    this.access.set(access.token, access);
    this.refresh.set(refreshToken, { clientId, userId, scopes });
    const auth = this.authorization(clientId, userId);
    auth.access.add(access.token);
    auth.refresh.add(refreshToken);
    return { access, refreshToken };
  }

  private authorization(clientId: string, userId: string): Authorization {
    const k = key(clientId, userId);
    let auth = this.authorizations.get(k);
    if (!auth) {
      auth = { scopes: [], access: new Set(), refresh: new Set() };
      this.authorizations.set(k, auth);
    }
    return auth;
  }
}
