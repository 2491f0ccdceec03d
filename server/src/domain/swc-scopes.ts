import { normaliseScopes } from '@portal/contract';

export { normaliseScopes };

export const unionScopes = (...lists: Iterable<string>[]): string[] => normaliseScopes(lists.flatMap((l) => [...l]));

/** The scopes of `a` that are not in `b`. */
export const scopesWithout = (a: Iterable<string>, b: Iterable<string>): string[] => {
  const drop = new Set(normaliseScopes(b));
  return normaliseScopes(a).filter((s) => !drop.has(s));
};

export const scopesWithin = (a: Iterable<string>, b: Iterable<string>): string[] => {
  const keep = new Set(normaliseScopes(b));
  return normaliseScopes(a).filter((s) => keep.has(s));
};

/** An access token handed to an app must outlive this, so the app can finish what it started. */
export const MIN_HANDED_OUT_TOKEN_LIFE_MS = 5 * 60_000;

export const hasLifeLeft = (expiresAt: Date, now: Date, minMs: number): boolean => expiresAt.getTime() - now.getTime() >= minMs;
