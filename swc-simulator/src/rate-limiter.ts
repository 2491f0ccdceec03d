import type { FastifyReply } from 'fastify';

export interface RateState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds when the window resets. */
  reset: number;
}

interface Window {
  start: number;
  count: number;
}

/** A fixed window per key (client IP): `limit` calls, starting with the first call, for `windowSeconds`. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  readonly limit: number;
  readonly windowSeconds: number;
  private readonly now: () => number;
  constructor(limit: number, windowSeconds: number, now: () => number) {
    this.limit = limit;
    this.windowSeconds = windowSeconds;
    this.now = now;
  }

  /** Counts one call if the budget allows it. */
  hit(key: string): RateState {
    const w = this.current(key);
    const allowed = w.count < this.limit;
    if (allowed) w.count++;
    return this.state(w, allowed);
  }

  /** The budget without counting a call. */
  peek(key: string): RateState {
    return this.state(this.current(key), true);
  }

  private current(key: string): Window {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now >= w.start + this.windowSeconds * 1000) {
      if (this.windows.size > 10_000) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    return w;
  }

  private state(w: Window, allowed: boolean): RateState {
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - w.count),
      reset: Math.ceil((w.start + this.windowSeconds * 1000) / 1000),
    };
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now >= w.start + this.windowSeconds * 1000) this.windows.delete(k);
  }
}

export function setRateHeaders(reply: FastifyReply, s: RateState): void {
  reply.header('x-ratelimit-limit', String(s.limit));
  reply.header('x-ratelimit-remaining', String(s.remaining));
  reply.header('x-ratelimit-reset', String(s.reset));
  reply.header('x-ratelimit-resettime', new Date(s.reset * 1000).toUTCString());
}
