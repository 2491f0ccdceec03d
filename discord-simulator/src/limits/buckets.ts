import { createHash } from 'node:crypto';
import type { BucketSize } from '../types.ts';

/**
 * The per-route buckets: which routes share one, and its size. Discord does not publish its limits (clients
 * must read the headers); these are assumed, the role bucket's 10 per 10 s as discord.com answers it.
 */
export const DEFAULT_BUCKETS = {
  'get-guild': { limit: 5, windowSeconds: 1, routes: ['GET /guilds/{guild.id}'] },
  'get-roles': { limit: 5, windowSeconds: 1, routes: ['GET /guilds/{guild.id}/roles'] },
  'get-member': { limit: 5, windowSeconds: 1, routes: ['GET /guilds/{guild.id}/members/{user.id}'] },
  'list-members': { limit: 10, windowSeconds: 10, routes: ['GET /guilds/{guild.id}/members'] },
  'add-member': { limit: 10, windowSeconds: 10, routes: ['PUT /guilds/{guild.id}/members/{user.id}'] },
  'modify-member': { limit: 10, windowSeconds: 10, routes: ['PATCH /guilds/{guild.id}/members/{user.id}'] },
  'kick-member': { limit: 5, windowSeconds: 1, routes: ['DELETE /guilds/{guild.id}/members/{user.id}'] },
  'member-role': {
    limit: 10,
    windowSeconds: 10,
    routes: ['PUT /guilds/{guild.id}/members/{user.id}/roles/{role.id}', 'DELETE /guilds/{guild.id}/members/{user.id}/roles/{role.id}'],
  },
  'users-me': { limit: 5, windowSeconds: 5, routes: ['GET /users/@me', 'GET /oauth2/@me'] },
  'oauth2-token': { limit: 10, windowSeconds: 10, routes: ['POST /oauth2/token', 'POST /oauth2/token/revoke'] },
} as const satisfies Record<string, BucketSize & { routes: readonly string[] }>;

export type BucketName = keyof typeof DEFAULT_BUCKETS;

export const BUCKET_NAMES = Object.keys(DEFAULT_BUCKETS) as BucketName[];

export function isBucketName(name: string): name is BucketName {
  return Object.hasOwn(DEFAULT_BUCKETS, name);
}

/** The opaque id Discord sends as X-RateLimit-Bucket: 32 hex characters, the same on every start. */
export function bucketHash(name: BucketName): string {
  return createHash('md5').update(`discord-simulator:${name}`).digest('hex');
}

/** The bucket sizes in force: the defaults with the caller's overrides; throws a TypeError for a bad one. */
export function bucketSizes(overrides: Record<string, Partial<BucketSize>> = {}): Record<BucketName, BucketSize> {
  for (const name of Object.keys(overrides)) {
    if (!isBucketName(name)) throw new TypeError(`No bucket ${name}. The buckets: ${BUCKET_NAMES.join(', ')}.`);
  }
  const sizes = {} as Record<BucketName, BucketSize>;
  for (const name of BUCKET_NAMES) {
    const o = overrides[name] ?? {};
    const limit = o.limit ?? DEFAULT_BUCKETS[name].limit;
    const windowSeconds = o.windowSeconds ?? DEFAULT_BUCKETS[name].windowSeconds;
    if (!Number.isInteger(limit) || limit < 1) throw new TypeError(`bucket ${name}: limit must be a whole number above 0`);
    if (!Number.isFinite(windowSeconds) || windowSeconds <= 0) throw new TypeError(`bucket ${name}: windowSeconds must be above 0`);
    sizes[name] = { limit, windowSeconds };
  }
  return sizes;
}
