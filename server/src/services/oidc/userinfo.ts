import { hash } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { OIDC_CLAIMS } from '../../domain/oidc-client.ts';
import { createAuthCache, type AuthCache } from '../../lib/auth-cache.ts';
import { playerBehindToken, playerClaims } from './player.ts';
import { findTokenRecord } from './token-records.ts';

/** What the record of a player's access token says: who, for which client, with which scopes, until when. */
interface AccessTokenRecord {
  accountId: string;
  clientId: string;
  scope?: string;
  exp?: number;
}

export type UserinfoAnswer = { ok: true; claims: Record<string, unknown> } | { ok: false; description: string };

const CACHE_MS = 30_000;
const INVALID: UserinfoAnswer = { ok: false, description: 'The access token is invalid, expired or revoked.' };

async function answerFor(deps: Pick<Deps, 'db' | 'config' | 'clock'>, token: AccessTokenRecord): Promise<UserinfoAnswer> {
  const behind = await playerBehindToken(deps, token);
  if (!behind.ok) return behind;
  const { player } = behind;
  const scopes = new Set((token.scope ?? '').split(' '));
  const all = playerClaims(player);
  const released = Object.entries(OIDC_CLAIMS)
    .filter(([scope]) => scopes.has(scope))
    .flatMap(([, claims]) => claims as readonly string[]);
  return { ok: true, claims: Object.fromEntries([['sub', player.row.uid], ...released.filter((c) => c in all).map((c) => [c, all[c]])]) };
}

/**
 * The UserInfo endpoint, checked live as forward auth is: the token must be one this portal signed
 * and still on record (not revoked, not ended by a sign-out or a suspension), and the player still
 * admitted by the one access rule. An answer is kept up to 30 s per token, and dropped whenever
 * access changes (on every replica), as forward auth's answers are.
 */
export function createUserinfo(deps: Pick<Deps, 'db' | 'config' | 'clock' | 'keys' | 'accessChanged'>) {
  let kept: AuthCache<UserinfoAnswer> | null = null;
  // Made at the first call, not when the routes are built (nothing of deps is used before a request).
  const answers = () => {
    if (!kept) {
      const cache = createAuthCache<UserinfoAnswer>();
      deps.accessChanged.listen(() => cache.clear());
      kept = cache;
    }
    return kept;
  };
  return async function answerUserinfo(token: string): Promise<UserinfoAnswer> {
    // Keyed by the token's hash: an answer is kept only for a token verified before, so a hit needs no signature check.
    const key = hash('sha256', token, 'base64url');
    const now = deps.clock.now().getTime();
    const cache = answers();
    const hit = cache.get(key, now);
    if (hit) return hit;
    const generation = cache.generation;
    // Only a player's access token: a machine client's names no player.
    const found = await findTokenRecord(deps, token, ['AccessToken']);
    if (!found) return INVALID;
    const record = found.payload as unknown as AccessTokenRecord;
    const answer = await answerFor(deps, record);
    // Not kept when an end cleared the answers while this one was read: it may name what ended.
    if (answer.ok) cache.setIfCurrent(generation, key, answer, Math.min(now + CACHE_MS, (record.exp ?? 0) * 1000));
    return answer;
  };
}
