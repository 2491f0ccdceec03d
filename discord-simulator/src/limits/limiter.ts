import type { BucketSize } from '../types.ts';
import { bucketHash, type BucketName } from './buckets.ts';

export type Scope = 'user' | 'global' | 'shared';

/** A bucket told to answer 429: for the next `requests` requests, or until `until` (ms), whichever is given. */
export interface Forced {
  requests?: number;
  until?: number;
  /** Seconds each 429 asks the client to wait (in `until` mode: the time left). */
  retryAfter: number;
  scope: Scope;
}

interface Window {
  start: number;
  count: number;
  /** Until when the last answer told the caller to send nothing more here (a 429's retry_after, or the reset). */
  waitUntil: number;
}

/** The outcome for one request: its headers, and on a refusal the 429's retry_after and scope. */
export interface Admission {
  headers: Record<string, string>;
  refused?: { retryAfter: number; scope: Scope; global: boolean };
  /** The request came while the bucket (or the global limit) had told its sender to wait. */
  early: boolean;
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/**
 * Discord's rate limits: a global limit per caller (a bot token, a user token, or an address) per second, and
 * per-route buckets per caller and top-level resource (the guild), each a fixed window from its first request.
 */
export class RateLimits {
  private readonly buckets = new Map<string, Window>();
  private readonly globals = new Map<string, Window>();
  readonly forced = new Map<BucketName, Forced>();
  readonly sizes: Record<BucketName, BucketSize>;
  readonly globalLimit: number;
  private readonly now: () => number;

  constructor(sizes: Record<BucketName, BucketSize>, globalLimit: number, now: () => number) {
    this.sizes = sizes;
    this.globalLimit = globalLimit;
    this.now = now;
  }

  admit(caller: string, bucket: BucketName | undefined, major: string): Admission {
    const now = this.now();
    const global = this.window(this.globals, caller, 1, now);
    const w = bucket ? this.window(this.buckets, `${caller}|${bucket}|${major}`, this.sizes[bucket].windowSeconds, now) : undefined;
    const early = now < global.waitUntil || (w !== undefined && now < w.waitUntil);
    if (global.count >= this.globalLimit) {
      global.waitUntil = global.start + 1000;
      return { early, ...this.refusal({}, (global.waitUntil - now) / 1000, 'global') };
    }
    global.count++;
    if (!bucket || !w) return { headers: {}, early };

    const size = this.sizes[bucket];
    const hash = bucketHash(bucket);
    const forced = this.activeForce(bucket, now);
    if (forced) {
      const retryAfter = forced.until !== undefined ? (forced.until - now) / 1000 : forced.retryAfter;
      if (forced.requests !== undefined) forced.requests--;
      const blockUntil = now + retryAfter * 1000;
      if (forced.scope === 'global') global.waitUntil = Math.max(global.waitUntil, blockUntil);
      else w.waitUntil = Math.max(w.waitUntil, blockUntil);
      // A shared (per-resource) 429 leaves the caller's own bucket as it was; the others empty it until retry_after.
      const base =
        forced.scope === 'shared'
          ? this.bucketHeaders(size, hash, w, now)
          : { ...this.bucketHeaders(size, hash, w, now, 0, blockUntil), 'x-ratelimit-remaining': '0' };
      return { early, ...this.refusal(forced.scope === 'global' ? {} : base, retryAfter, forced.scope) };
    }
    if (w.count >= size.limit) {
      w.waitUntil = w.start + size.windowSeconds * 1000;
      return { early, ...this.refusal(this.bucketHeaders(size, hash, w, now), (w.waitUntil - now) / 1000, 'user') };
    }
    w.count++;
    if (w.count >= size.limit) w.waitUntil = w.start + size.windowSeconds * 1000;
    return { headers: this.bucketHeaders(size, hash, w, now), early };
  }

  force(bucket: BucketName, how: { requests?: number; seconds?: number; retryAfter?: number; scope?: Scope }): Forced {
    const forced: Forced = {
      requests: how.requests,
      until: how.seconds !== undefined ? this.now() + how.seconds * 1000 : undefined,
      retryAfter: how.retryAfter ?? 1,
      scope: how.scope ?? 'user',
    };
    this.forced.set(bucket, forced);
    return forced;
  }

  /** The bucket's forced 429s still to come, or undefined when it answers normally again. */
  activeForce(bucket: BucketName, now = this.now()): Forced | undefined {
    const f = this.forced.get(bucket);
    if (!f) return undefined;
    const live = f.until !== undefined ? now < f.until && (f.requests === undefined || f.requests > 0) : (f.requests ?? 0) > 0;
    if (!live) this.forced.delete(bucket);
    return live ? f : undefined;
  }

  private bucketHeaders(size: BucketSize, hash: string, w: Window, now: number, remaining?: number, resetAt?: number) {
    const reset = resetAt ?? w.start + size.windowSeconds * 1000;
    return {
      'x-ratelimit-limit': String(size.limit),
      'x-ratelimit-remaining': String(remaining ?? Math.max(0, size.limit - w.count)),
      'x-ratelimit-reset': seconds(reset),
      'x-ratelimit-reset-after': seconds(reset - now),
      'x-ratelimit-bucket': hash,
    };
  }

  private refusal(headers: Record<string, string>, retryAfter: number, scope: Scope): Omit<Admission, 'early'> {
    const global = scope === 'global';
    return {
      headers: {
        ...headers,
        'retry-after': String(Math.max(1, Math.ceil(retryAfter))),
        'x-ratelimit-scope': scope,
        ...(global ? { 'x-ratelimit-global': 'true' } : {}),
      },
      refused: { retryAfter: Math.max(0, Math.round(retryAfter * 1000) / 1000), scope, global },
    };
  }

  private window(map: Map<string, Window>, key: string, windowSeconds: number, now: number): Window {
    let w = map.get(key);
    if (!w || now >= w.start + windowSeconds * 1000) {
      if (map.size > 10_000) for (const [k, old] of map) if (now >= old.start + 3600_000 && now >= old.waitUntil) map.delete(k);
      w = { start: now, count: 0, waitUntil: w?.waitUntil ?? 0 };
      map.set(key, w);
    }
    return w;
  }
}
