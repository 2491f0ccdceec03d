import type { RateLimitState } from './budget.ts';

const int = (v: string | null) => (v !== null && /^\d+$/.test(v.trim()) ? Number(v.trim()) : null);

/** X-RateLimit-Limit, -Remaining and -Reset (epoch seconds; -ResetTime, an HTTP date, when -Reset is missing). */
export function readRateLimit(headers: Headers): RateLimitState | null {
  const limit = int(headers.get('x-ratelimit-limit'));
  const remaining = int(headers.get('x-ratelimit-remaining'));
  const resetEpoch = int(headers.get('x-ratelimit-reset'));
  const resetTime = Date.parse(headers.get('x-ratelimit-resettime') ?? '');
  const resetAt = resetEpoch !== null ? new Date(resetEpoch * 1000) : Number.isNaN(resetTime) ? null : new Date(resetTime);
  if (limit === null || remaining === null || resetAt === null) return null;
  return { limit, remaining: Math.min(remaining, limit), resetAt };
}

/** When an over-limit answer says to come back: its reset, else its Retry-After (seconds). */
export function retryTime(headers: Headers, now: Date): Date | null {
  const rate = readRateLimit(headers);
  if (rate && rate.resetAt > now) return rate.resetAt;
  const after = int(headers.get('retry-after'));
  return after !== null ? new Date(now.getTime() + after * 1000) : null;
}
