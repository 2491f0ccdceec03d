import { hash, randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { decideFor, rolesForApp, unionOf } from '../../domain/access.ts';
import { isGlobalAdmin } from '../../domain/admin.ts';
import { lacksRequiredPasskey, PASSKEY_REQUIRED_FOR_APP } from '../../domain/app-passkey.ts';
import { sessionAmr } from '../../domain/session-amr.ts';
import { isSessionLive, newSessionExpiry, shouldTouch } from '../../domain/session-expiry.ts';
import { createAuthCache, type AuthCache } from '../../lib/auth-cache.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findForwardAuth } from './queries/forward-auth.ts';
import { recordSessionApp } from '../../queries/session-apps.ts';
import { touchSession } from '../../queries/sessions.ts';
import { answerFreshness } from './answer-freshness.ts';
import { sendableRoles, sendableScopes } from './grant-values.ts';

const APP_TOKEN_TTL_S = 300;
/** A cached token is handed out only while it has at least this long to live. */
const MIN_REMAINING_MS = 60_000;
/**
 * Stale answers read again at once, at most: when many turn stale together (after a burst of
 * sign-ins) the rest wait their turn, still answered, instead of crowding the pool and the heap.
 */
const MAX_READS_AGAIN = 4;
let readingAgain = 0;

/** What an app behind the ingress receives for an admitted request, as the cache keeps it. */
export interface VerifiedAccess {
  uid: string;
  name: string;
  roles: string[];
  /** How the player proved who they are in this session (the id_token's amr values: swc, hwk/swk, user, mfa). */
  amr: string[];
  /** The groups the player is in, by name (a faction under its name). */
  groups: string[];
  jwt: string;
}

/** Forward auth's own answers, kept per (session, app) and dropped whenever access changes, here or on another replica. */
export type ForwardAuthAnswers = AuthCache<VerifiedAccess>;

export function createForwardAuthAnswers(deps: Pick<Deps, 'accessChanged'>): ForwardAuthAnswers {
  const answers = createAuthCache<VerifiedAccess>();
  deps.accessChanged.listen(() => answers.clear());
  return answers;
}

type VerifyDeps = Pick<Deps, 'clock' | 'db' | 'config' | 'keys'> & { answers: ForwardAuthAnswers };

// The cache is keyed by the token's hash, so the heap never holds live session tokens.
const cacheKey = (token: string, audience: string) => `${hash('sha256', token, 'base64url')}|${audience}`;

/** The claims and expiry behind a cached answer's token: a read again that finds the same claims keeps the token. */
const tokenOf = new WeakMap<VerifiedAccess, { claims: string; exp: number }>();

/**
 * The cached answer for this session and app, without waiting: most checks end here. A stale
 * answer is still given while one read replaces it in the background; if that read refuses or
 * fails, the answer goes and the next check reads (and reports) for itself.
 */
export function cachedAccess(deps: VerifyDeps, token: string | undefined, audience: string): VerifiedAccess | undefined {
  if (!token) return undefined;
  const key = cacheKey(token, audience);
  const now = deps.clock.now().getTime();
  const hit = deps.answers.get(key, now);
  if (hit && readingAgain < MAX_READS_AGAIN && deps.answers.claimRefresh(key, now)) {
    readingAgain++;
    readAccess(deps, token, audience, key)
      .then(
        (check) => isRefusal(check) && deps.answers.delete(key),
        () => deps.answers.delete(key),
      )
      .finally(() => readingAgain--);
  }
  return hit;
}

/**
 * A refused check: without a live session (a browser may be sent to sign in), a session the app does not admit,
 * or one the app admits once a passkey is used in it (a browser may be sent to confirm one).
 */
export type AccessRefusal = { signedIn: false } | { signedIn: true; message: string; passkey?: true };

export const isRefusal = (check: VerifiedAccess | AccessRefusal): check is AccessRefusal => 'signedIn' in check;

const ANONYMOUS: AccessRefusal = { signedIn: false };

/**
 * Forward auth: is this browser's session admitted to the app with this audience? Answers the
 * identity and an RFC 9068 access token for the app, or why not (→ 401). Ingresses ask on every
 * request, so an answer is cached per (session, app) and a miss reads everything in one query.
 */
export async function verifyAccess(deps: VerifyDeps, token: string | undefined, audience: string): Promise<VerifiedAccess | AccessRefusal> {
  if (!token) return ANONYMOUS;
  const key = cacheKey(token, audience);
  const hit = deps.answers.get(key, deps.clock.now().getTime());
  return hit ?? readAccess(deps, token, audience, key);
}

/** Reads the session and app (one query), decides, and caches an admitted answer under `key`. */
async function readAccess(deps: VerifyDeps, token: string, audience: string, key: string): Promise<VerifiedAccess | AccessRefusal> {
  const now = deps.clock.now();
  // An end committed while this read runs clears the cache: what this read saw is then not kept.
  const generation = deps.answers.generation;
  const row = await findForwardAuth(deps.db, sha256(token), audience);
  if (!row || !isSessionLive(row, now)) return ANONYMOUS;
  if (!row.app_id) return { signedIn: true, message: `No app is registered with the audience "${audience}".` };
  const app = { key: row.app_key!, skip_uid_whitelist: row.skip_uid_whitelist!, allow_global_admin: row.allow_global_admin! };
  const isAdmin = isGlobalAdmin(row.uid, row.portal_roles, deps.config.adminUids);
  const decision = decideFor(app, row, isAdmin, now);
  if (!decision.allowed) return { signedIn: true, message: decision.reason };
  // Not cached: once the player confirms with a passkey, the next check admits them.
  if (lacksRequiredPasskey(row.require_passkey!, row)) return { signedIn: true, message: PASSKEY_REQUIRED_FOR_APP, passkey: true };

  const roles = rolesForApp(sendableRoles(unionOf(row.app_roles, decision.roles)), isAdmin, app.allow_global_admin);
  const claims = {
    aud: row.audience!,
    sub: row.uid,
    client_id: app.key,
    sid: row.sid,
    scp: sendableScopes(unionOf(row.app_scopes, decision.scopes)),
    roles,
    groups: row.groups,
    name: row.name,
  };
  const amr = sessionAmr(row);
  const facts = JSON.stringify([claims, amr]);
  // A stale answer being read again: the same claims keep its token (and answer) while the token
  // outlives the next fresh period, so a read again costs no signature.
  const { freshUntil, usableUntil: staleUntil } = answerFreshness(now.getTime());
  const previous = deps.answers.get(key, now.getTime());
  const kept = previous && tokenOf.get(previous);
  const keep = kept && kept.claims === facts && kept.exp * 1000 - MIN_REMAINING_MS >= freshUntil;
  const iat = Math.floor(now.getTime() / 1000);
  const exp = keep ? kept.exp : iat + APP_TOKEN_TTL_S;
  const [jwt] = await Promise.all([
    keep ? previous.jwt : deps.keys.sign({ iss: deps.config.publicUrl, ...claims, iat, exp, jti: randomUUID() }, 'at+jwt'),
    // The writes only when due: extending idle expiry (once a minute), and recording the app for sign-out.
    shouldTouch(row.last_seen_at, now)
      ? touchSession(deps.db, row.session_id, now, newSessionExpiry(now, deps.config.session).idleExpiresAt)
      : undefined,
    row.app_recorded ? undefined : recordSessionApp(deps.db, row.session_id, row.app_id),
  ]);
  const result: VerifiedAccess = keep ? previous : { uid: row.uid, name: row.name, roles, groups: row.groups, amr, jwt };
  tokenOf.set(result, { claims: facts, exp });
  const sessionEnds = Math.min(row.idle_expires_at.getTime(), row.expires_at.getTime());
  const usableUntil = Math.min(exp * 1000 - MIN_REMAINING_MS, sessionEnds);
  deps.answers.setIfCurrent(generation, key, result, Math.min(freshUntil, usableUntil), Math.min(staleUntil, usableUntil));
  return result;
}
