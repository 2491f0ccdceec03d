import { randomBytes } from 'node:crypto';

export type AccessType = 'online' | 'offline';

export const CODE_TTL_MS = 10 * 60 * 1000;

export interface CodeRecord {
  code: string;
  clientId: string;
  redirectUri: string;
  uid: string;
  scopes: string[];
  accessType: AccessType;
  issuedAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** The grant its exchange created; revoked if the code is presented again. */
  grantId: string | null;
}

/** What one code exchange created: its access tokens and (offline) its refresh token. */
export interface GrantRecord {
  id: string;
  clientId: string;
  uid: string;
  scopes: string[];
  accessType: AccessType;
  /** When the player signed in (the character's "last login"). */
  signedInAt: number;
  refreshToken: string | null;
  accessTokens: Set<string>;
  revoked: boolean;
}

export interface AccessRecord {
  token: string;
  grantId: string;
  clientId: string;
  uid: string;
  scopes: string[];
  expiresAt: number;
}

export type Lookup<T> = { status: 'ok'; record: T } | { status: 'expired'; record: T } | { status: 'unknown' };

export class GrantError extends Error {
  readonly description: string;
  constructor(description: string) {
    super(description);
    this.description = description;
  }
}

function opaque(): string {
  return randomBytes(32).toString('base64url');
}

/** Codes, grants and tokens in memory, timed by the injected clock. */
export class Store {
  private readonly codes = new Map<string, CodeRecord>();
  private readonly grants = new Map<string, GrantRecord>();
  private readonly access = new Map<string, AccessRecord>();
  private readonly refresh = new Map<string, string>();
  /** `${clientId} ${uid}` → scopes granted last time (for renew_previously_granted). */
  private readonly consents = new Map<string, string[]>();

  private readonly now: () => number;
  private readonly accessTtlMs: number;
  constructor(now: () => number, accessTtlMs: number) {
    this.now = now;
    this.accessTtlMs = accessTtlMs;
  }

  previousConsent(clientId: string, uid: string): string[] {
    return this.consents.get(`${clientId} ${uid}`) ?? [];
  }

  issueCode(input: Pick<CodeRecord, 'clientId' | 'redirectUri' | 'uid' | 'scopes' | 'accessType'>): CodeRecord {
    this.sweep();
    const now = this.now();
    const record: CodeRecord = { ...input, code: opaque(), issuedAt: now, expiresAt: now + CODE_TTL_MS, usedAt: null, grantId: null };
    this.codes.set(record.code, record);
    this.consents.set(`${input.clientId} ${input.uid}`, [...input.scopes]);
    return record;
  }

  /** Redeems a code once; a second presentation revokes everything the first one issued. */
  exchangeCode(code: string, clientId: string, redirectUri: string): { grant: GrantRecord; access: AccessRecord } {
    const rec = this.codes.get(code);
    const now = this.now();
    if (!rec) throw new GrantError('The authorization code is unknown.');
    if (rec.clientId !== clientId) throw new GrantError('The authorization code was issued to another client.');
    if (rec.usedAt !== null) {
      if (rec.grantId) this.revokeGrant(rec.grantId);
      throw new GrantError('The authorization code has already been used; the tokens issued from it are revoked.');
    }
    if (now >= rec.expiresAt) throw new GrantError('The authorization code has expired.');
    if (rec.redirectUri !== redirectUri) throw new GrantError('redirect_uri does not match the one the code was issued for.');
    rec.usedAt = now;
    const grant: GrantRecord = {
      id: opaque(),
      clientId,
      uid: rec.uid,
      scopes: rec.scopes,
      accessType: rec.accessType,
      signedInAt: rec.issuedAt,
      refreshToken: null,
      accessTokens: new Set(),
      revoked: false,
    };
    if (rec.accessType === 'offline') {
      grant.refreshToken = opaque();
      this.refresh.set(grant.refreshToken, grant.id);
    }
    this.grants.set(grant.id, grant);
    rec.grantId = grant.id;
    return { grant, access: this.issueAccess(grant, grant.scopes) };
  }

  /** A new access token from a refresh token; the refresh token stays valid. */
  refreshGrant(refreshToken: string, clientId: string, scopes?: string[]): { grant: GrantRecord; access: AccessRecord } {
    const grantId = this.refresh.get(refreshToken);
    const grant = grantId ? this.grants.get(grantId) : undefined;
    if (!grant || grant.revoked) throw new GrantError('The refresh token is unknown or revoked.');
    if (grant.clientId !== clientId) throw new GrantError('The refresh token was issued to another client.');
    if (scopes && scopes.some((s) => !grant.scopes.includes(s))) throw new GrantError('scope exceeds what was granted');
    this.sweep();
    return { grant, access: this.issueAccess(grant, scopes ?? grant.scopes) };
  }

  findAccess(token: string): Lookup<AccessRecord> {
    const record = this.access.get(token);
    if (!record) return { status: 'unknown' };
    if (this.now() >= record.expiresAt) return { status: 'expired', record };
    return { status: 'ok', record };
  }

  grant(id: string): GrantRecord | undefined {
    return this.grants.get(id);
  }

  grantOfRefreshToken(token: string): GrantRecord | undefined {
    const id = this.refresh.get(token);
    const grant = id ? this.grants.get(id) : undefined;
    return grant && !grant.revoked ? grant : undefined;
  }

  /** Revokes a grant: its refresh token and every access token issued under it. */
  revokeGrant(id: string): void {
    const grant = this.grants.get(id);
    if (!grant) return;
    grant.revoked = true;
    for (const t of grant.accessTokens) this.access.delete(t);
    grant.accessTokens.clear();
    if (grant.refreshToken) this.refresh.delete(grant.refreshToken);
  }

  revokeAccessToken(token: string): void {
    const rec = this.access.get(token);
    if (!rec) return;
    this.access.delete(token);
    this.grants.get(rec.grantId)?.accessTokens.delete(token);
  }

  private issueAccess(grant: GrantRecord, scopes: string[]): AccessRecord {
    const record: AccessRecord = {
      token: opaque(),
      grantId: grant.id,
      clientId: grant.clientId,
      uid: grant.uid,
      scopes: [...scopes],
      expiresAt: this.now() + this.accessTtlMs,
    };
    this.access.set(record.token, record);
    grant.accessTokens.add(record.token);
    return record;
  }

  /** Forgets codes and access tokens long past their expiry (kept a while so reuse and expiry answer precisely). */
  private sweep(): void {
    const cutoff = this.now() - 24 * 3600 * 1000;
    for (const [k, c] of this.codes) if (c.expiresAt < cutoff) this.codes.delete(k);
    for (const [k, a] of this.access) {
      if (a.expiresAt < cutoff) {
        this.access.delete(k);
        this.grants.get(a.grantId)?.accessTokens.delete(k);
      }
    }
  }
}
