import { randomBytes } from 'node:crypto';
import type { SimContext } from '../context.ts';
import { BUCKET_NAMES, bucketHash, DEFAULT_BUCKETS, isBucketName, type BucketName } from '../limits/buckets.ts';
import type { Scope } from '../limits/limiter.ts';
import { ControlError, positiveSeconds, wholeNumber } from './errors.ts';

function bucket(name: string): BucketName {
  if (!isBucketName(name)) throw new ControlError(404, `No bucket ${name.slice(0, 40)}. The buckets: ${BUCKET_NAMES.join(', ')}.`);
  return name;
}

export function rateLimitStates(ctx: SimContext) {
  return BUCKET_NAMES.map((name) => {
    const f = ctx.limits.activeForce(name);
    const now = ctx.now();
    return {
      name,
      hash: bucketHash(name),
      routes: DEFAULT_BUCKETS[name].routes,
      limit: ctx.limits.sizes[name].limit,
      window_seconds: ctx.limits.sizes[name].windowSeconds,
      forced: f
        ? {
            scope: f.scope,
            ...(f.requests !== undefined ? { requests_left: f.requests } : {}),
            ...(f.until !== undefined ? { seconds_left: Math.round(f.until - now) / 1000 } : { retry_after: f.retryAfter }),
          }
        : null,
    };
  });
}

/**
 * Makes a bucket answer 429: for the next `requests` requests (each saying `retry_after` seconds, default 1),
 * or for `seconds` (each saying the time left), or both (whichever ends first). `scope` is what the 429 says.
 */
export function forceRateLimit(
  ctx: SimContext,
  name: string,
  how: { requests?: unknown; seconds?: unknown; retry_after?: unknown; scope?: unknown },
) {
  const b = bucket(name);
  if (how.requests === undefined && how.seconds === undefined) {
    throw new ControlError(400, 'Give requests (how many 429s) or seconds (how long), e.g. {"requests": 1, "retry_after": 0.5}.');
  }
  if (how.scope !== undefined && !['user', 'shared', 'global'].includes(how.scope as string)) {
    throw new ControlError(400, 'scope must be user, shared or global.');
  }
  if (how.seconds !== undefined && how.retry_after !== undefined) {
    throw new ControlError(400, 'With seconds, each 429 says the time left: leave retry_after out.');
  }
  ctx.limits.force(b, {
    requests: how.requests === undefined ? undefined : wholeNumber(how.requests, 'requests', 1, 1_000_000),
    seconds: how.seconds === undefined ? undefined : positiveSeconds(how.seconds, 'seconds'),
    retryAfter: how.retry_after === undefined ? undefined : positiveSeconds(how.retry_after, 'retry_after'),
    scope: how.scope as Scope | undefined,
  });
  return rateLimitStates(ctx).find((s) => s.name === b)!;
}

export function clearRateLimit(ctx: SimContext, name: string) {
  const b = bucket(name);
  ctx.limits.forced.delete(b);
  return rateLimitStates(ctx).find((s) => s.name === b)!;
}

export function setServerMembersIntent(ctx: SimContext, on: unknown): { server_members: boolean } {
  if (typeof on !== 'boolean') throw new ControlError(400, 'server_members must be true or false.');
  ctx.serverMembersIntent = on;
  return { server_members: on };
}

/** Replaces the bot token (Reset Token in Discord's developer portal): the old one answers 401 from now on. */
export function rotateBotToken(ctx: SimContext, token?: unknown): { bot_token: string } {
  if (token !== undefined && (typeof token !== 'string' || !/^[\w.-]{10,200}$/.test(token))) {
    throw new ControlError(400, 'token must be 10 to 200 of letters, digits, _, - and .');
  }
  const next =
    (token as string | undefined) ??
    `${Buffer.from(ctx.application.id).toString('base64url')}.GdSim2.${randomBytes(28).toString('base64url')}`;
  ctx.application.bot_token = next;
  return { bot_token: next };
}

/** Makes the API fail: answer `status` (5xx, default 502), or close connections unanswered (`unreachable`). */
export function startOutage(ctx: SimContext, how: { mode?: unknown; status?: unknown; requests?: unknown; seconds?: unknown }) {
  const mode = how.mode ?? 'error';
  if (mode !== 'error' && mode !== 'unreachable') throw new ControlError(400, 'mode must be error or unreachable.');
  if (how.requests === undefined && how.seconds === undefined) {
    throw new ControlError(
      400,
      'Give requests (how many fail) or seconds (for how long), e.g. {"mode": "error", "status": 502, "seconds": 5}.',
    );
  }
  if (mode === 'unreachable' && how.status !== undefined)
    throw new ControlError(400, 'An unreachable API answers no status: leave status out.');
  const status = how.status === undefined ? 502 : wholeNumber(how.status, 'status', 500, 599);
  ctx.outage.start(mode === 'error' ? { kind: 'error', status } : { kind: 'unreachable' }, {
    requests: how.requests === undefined ? undefined : wholeNumber(how.requests, 'requests', 1, 1_000_000),
    seconds: how.seconds === undefined ? undefined : positiveSeconds(how.seconds, 'seconds'),
  });
  return { outage: ctx.outage.describe() };
}

export function statsState(ctx: SimContext) {
  const s = ctx.stats;
  return {
    requests: s.requests,
    by_route: { ...s.byRoute },
    by_status: { ...s.byStatus },
    rate_limited: { total: s.rateLimited, by_bucket: { ...s.rateLimitedByBucket } },
    early: s.early,
    invalid: { total: s.invalid, last_10_minutes: s.invalidInLastTenMinutes(ctx.now()), ban_at: 10_000 },
    outages: s.outages,
  };
}
