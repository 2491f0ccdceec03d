import { hash, randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { decideFor, rolesForApp, unionOf } from '../../domain/access.ts';
import { isGlobalAdmin } from '../../domain/admin.ts';
import { lacksRequiredPasskey, PASSKEY_REQUIRED_FOR_APP } from '../../domain/app-passkey.ts';
import { sessionAmr } from '../../domain/session-amr.ts';
import { isSessionLive, newSessionExpiry, shouldTouch } from '../../domain/session-expiry.ts';
import { createAuthCache, type AuthCache } from '../../lib/auth-cache.ts';
import { createBatcher, type Batcher } from '../../lib/batch-later.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findForwardAuths, type ForwardAuthRow } from './queries/forward-auth.ts';
import { recordSessionApps } from '../../queries/session-apps.ts';
import { touchSessions } from '../../queries/sessions.ts';
import { answerFreshness } from './answer-freshness.ts';
import { sendableRoles, sendableScopes } from './grant-values.ts';

const APP_TOKEN_TTL_S = 300;
/** A cached token is handed out only while it has at least this long to live. */
const MIN_REMAINING_MS = 60_000;
/**
 * Stale answers are read again together: those turning stale within this long share one query (about 330 a
 * second for 10,000 sessions in use, one query and one write of each kind per batch instead of one each).
 */
const READ_AGAIN_AFTER_MS = 50;
/**
 * Stale answers waiting to be read again, at most: one batch. The rest are served stale until a later check
 * finds room. A batch's rows are decided in one go on the event loop, so the bound also bounds that pause
 * (a few ms at 250); about 13 batches a second still read again what 100,000 sessions in use need.
 */
const MAX_WAITING = 250;

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

/** One check: the session's token, the app's audience, and the key its answer is cached under. */
interface Check {
  token: string;
  audience: string;
  key: string;
}

const readersAgain = new WeakMap<ForwardAuthAnswers, Batcher<Check>>();

/** The batch that reads stale answers of this cache again; an answer refused or failed then goes, and the next check reads for itself. */
function readerAgain(deps: VerifyDeps): Batcher<Check> {
  let batcher = readersAgain.get(deps.answers);
  if (!batcher) {
    const readAgain = async (checks: Check[]) => {
      const read = await readAccesses(deps, checks).catch(() => checks.map(() => ANONYMOUS));
      read.forEach((check, i) => isRefusal(check) && deps.answers.delete(checks[i]!.key));
    };
    batcher = createBatcher(readAgain, { delayMs: READ_AGAIN_AFTER_MS, max: MAX_WAITING });
    readersAgain.set(deps.answers, batcher);
  }
  return batcher;
}

/**
 * The cached answer for this session and app, without waiting: most checks end here. A stale
 * answer is still given while a read replaces it in the background (see `readerAgain`).
 */
export function cachedAccess(deps: VerifyDeps, token: string | undefined, audience: string): VerifiedAccess | undefined {
  if (!token) return undefined;
  const key = cacheKey(token, audience);
  const now = deps.clock.now().getTime();
  const hit = deps.answers.get(key, now);
  if (hit) {
    const reader = readerAgain(deps);
    if (!reader.full && deps.answers.claimRefresh(key, now)) reader.add(key, { token, audience, key });
  }
  return hit;
}

/**
 * A refused check: without a live session (a browser may be sent to sign in), a session the app does not admit,
 * or one the app admits once a passkey is used in it (a browser may be sent to confirm one).
 */
export type AccessRefusal = { signedIn: false } | { signedIn: true; message: string; passkey?: true };

export const isRefusal = <T extends object>(check: T | AccessRefusal): check is AccessRefusal => 'signedIn' in check;

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
  return hit ?? (await readAccesses(deps, [{ token, audience, key }]))[0]!;
}

/** An admitted check before its token: the answer's facts, and the last answer when its token still serves. */
interface Admitted {
  row: ForwardAuthRow & { app_id: string };
  claims: Record<string, unknown> & { roles: string[] };
  amr: string[];
  facts: string;
  keep: { answer: VerifiedAccess; exp: number } | undefined;
}

/**
 * Reads the sessions and apps of these checks (one query), decides each, and caches each admitted
 * answer under its key; the writes they call for go in one statement of each kind.
 */
async function readAccesses(deps: VerifyDeps, checks: Check[]): Promise<(VerifiedAccess | AccessRefusal)[]> {
  const now = deps.clock.now();
  // An end committed while this read runs clears the cache: what this read saw is then not kept.
  const generation = deps.answers.generation;
  const rows = await findForwardAuths(
    deps.db,
    checks.map((c) => ({ tokenHash: sha256(c.token), audience: c.audience })),
  );
  const { freshUntil, usableUntil: staleUntil } = answerFreshness(now.getTime());
  const decided = rows.map((row, i) => decide(deps, row, checks[i]!, now, freshUntil));
  const admitted = decided.filter((d): d is Admitted => !isRefusal(d));
  // The writes only when due: extending idle expiry (once a minute), and recording the app for sign-out.
  const touched = [...new Set(admitted.filter((a) => shouldTouch(a.row.last_seen_at, now)).map((a) => a.row.session_id))];
  const unrecorded = admitted.filter((a) => !a.row.app_recorded).map((a) => ({ sessionId: a.row.session_id, appId: a.row.app_id }));
  const iat = Math.floor(now.getTime() / 1000);
  const [answers] = await Promise.all([
    Promise.all(
      decided.map(async (d) => {
        if (isRefusal(d)) return d;
        if (d.keep) return d.keep;
        const exp = iat + APP_TOKEN_TTL_S;
        const jwt = await deps.keys.sign({ iss: deps.config.publicUrl, ...d.claims, iat, exp, jti: randomUUID() }, 'at+jwt');
        const { row, claims, amr } = d;
        return { answer: { uid: row.uid, name: row.name, roles: claims.roles, groups: row.groups, amr, jwt }, exp };
      }),
    ),
    touched.length > 0 ? touchSessions(deps.db, touched, now, newSessionExpiry(now, deps.config.session).idleExpiresAt) : undefined,
    unrecorded.length > 0 ? recordSessionApps(deps.db, unrecorded) : undefined,
  ]);
  return answers.map((a, i) => {
    if (isRefusal(a)) return a;
    const { row, facts } = decided[i] as Admitted;
    tokenOf.set(a.answer, { claims: facts, exp: a.exp });
    const sessionEnds = Math.min(row.idle_expires_at.getTime(), row.expires_at.getTime());
    const usableUntil = Math.min(a.exp * 1000 - MIN_REMAINING_MS, sessionEnds);
    deps.answers.setIfCurrent(generation, checks[i]!.key, a.answer, Math.min(freshUntil, usableUntil), Math.min(staleUntil, usableUntil));
    return a.answer;
  });
}

/** Decides one check on what was read; an admitted one keeps the last answer's token when its claims are the same. */
function decide(deps: VerifyDeps, row: ForwardAuthRow | null, check: Check, now: Date, freshUntil: number): Admitted | AccessRefusal {
  if (!row || !isSessionLive(row, now)) return ANONYMOUS;
  if (!row.app_id) return { signedIn: true, message: `No app is registered with the audience "${check.audience}".` };
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
  const previous = deps.answers.get(check.key, now.getTime());
  const kept = previous && tokenOf.get(previous);
  const keep =
    kept && kept.claims === facts && kept.exp * 1000 - MIN_REMAINING_MS >= freshUntil ? { answer: previous, exp: kept.exp } : undefined;
  return { row: row as Admitted['row'], claims, amr, facts, keep };
}
