import { describe, expect, it } from 'vitest';
import { BUCKET_NAMES, DEFAULT_BUCKETS } from '../src/index.ts';
import { API, bot, call, fakeClock, GUILD, linkAs, ROLES, setup, USERS } from './helpers.ts';
import { createDiscordSimulator } from '../src/index.ts';

const ROLE_PATH = `/guilds/${GUILD}/members/${USERS.jorin}/roles/${ROLES.gws}`;

/** A simulator with Discord's default buckets and global limit, on a clock the test moves. */
function real() {
  const clock = fakeClock();
  const sim = createDiscordSimulator({ now: clock.now });
  return { app: sim.app, sim, clock };
}

describe('rate-limit headers', () => {
  it('come on every answer of a route, errors included, and count down per bucket', async () => {
    const { app, clock } = real();
    const start = clock.now() / 1000;
    const first = await call(app, 'PUT', ROLE_PATH);
    expect(first.statusCode).toBe(204);
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '9',
      'x-ratelimit-reset': (start + 10).toFixed(3),
      'x-ratelimit-reset-after': '10.000',
      'x-ratelimit-bucket': expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    clock.advance(2500);
    // The same bucket for DELETE, and for a 404.
    const second = await call(app, 'DELETE', `/guilds/${GUILD}/members/${USERS.mira}/roles/${ROLES.gws}`);
    expect(second.statusCode).toBe(404);
    expect(second.headers).toMatchObject({ 'x-ratelimit-remaining': '8', 'x-ratelimit-reset-after': '7.500' });
    expect(second.headers['x-ratelimit-bucket']).toBe(first.headers['x-ratelimit-bucket']);
    const other = await call(app, 'GET', `/guilds/${GUILD}`);
    expect(other.headers['x-ratelimit-bucket']).not.toBe(first.headers['x-ratelimit-bucket']);
    expect(other.headers['x-ratelimit-limit']).toBe(String(DEFAULT_BUCKETS['get-guild'].limit));
  });

  it('count per bot token (or user token) and per guild, not across them', async () => {
    const { app } = real();
    const t = await linkAs(app, USERS.mira);
    await app.inject({ url: `${API}/users/@me`, headers: { authorization: `Bearer ${t.access_token}` } });
    const jorin = await linkAs(app, USERS.jorin);
    const res = await app.inject({ url: `${API}/users/@me`, headers: { authorization: `Bearer ${jorin.access_token}` } });
    expect(res.headers['x-ratelimit-remaining']).toBe(String(DEFAULT_BUCKETS['users-me'].limit - 1));
  });
});

describe('429 Too Many Requests', () => {
  it("answers the 11th role change in 10 s with Discord's 429 and headers, then serves again after the reset", async () => {
    const { app, sim, clock } = real();
    for (let i = 0; i < 10; i++) expect((await call(app, 'PUT', ROLE_PATH)).statusCode).toBe(204);
    clock.advance(4000);
    const over = await call(app, 'PUT', ROLE_PATH);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: 'You are being rate limited.', retry_after: 6, global: false });
    expect(over.headers).toMatchObject({
      'retry-after': '6',
      'x-ratelimit-scope': 'user',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset-after': '6.000',
    });
    expect(over.headers['x-ratelimit-global']).toBeUndefined();
    clock.advance(6000);
    expect((await call(app, 'PUT', ROLE_PATH)).statusCode).toBe(204);
    // The 11th came after the 10th had said "0 remaining": a client that reads the headers never sends it.
    expect(sim.stats()).toMatchObject({ rate_limited: { total: 1, by_bucket: { 'member-role': 1 } }, early: 1, invalid: { total: 1 } });
  });

  it('a forced bucket answers 429 for the next N requests with the retry_after asked for; other buckets answer', async () => {
    const { app, sim, clock } = setup();
    sim.forceRateLimit('member-role', { requests: 2, retry_after: 0.5 });
    const first = await call(app, 'PUT', ROLE_PATH);
    expect(first.statusCode).toBe(429);
    expect(first.json()).toEqual({ message: 'You are being rate limited.', retry_after: 0.5, global: false });
    expect(first.headers).toMatchObject({ 'retry-after': '1', 'x-ratelimit-scope': 'user', 'x-ratelimit-reset-after': '0.500' });
    expect((await call(app, 'GET', `/guilds/${GUILD}`)).statusCode).toBe(200);
    // Sent before retry_after is over: counted as early.
    clock.advance(200);
    expect((await call(app, 'PUT', ROLE_PATH)).statusCode).toBe(429);
    clock.advance(600);
    expect((await call(app, 'PUT', ROLE_PATH)).statusCode).toBe(204);
    expect(sim.stats()).toMatchObject({ rate_limited: { total: 2 }, early: 1 });
    expect(sim.rateLimits().find((b) => b.name === 'member-role')!.forced).toBeNull();
  });

  it('a bucket forced for T seconds answers every request with the time left as retry_after', async () => {
    const { app, sim, clock } = setup();
    sim.forceRateLimit('modify-member', { seconds: 3 });
    const path = `/guilds/${GUILD}/members/${USERS.jorin}`;
    expect((await call(app, 'PATCH', path, { nick: 'J' })).json().retry_after).toBe(3);
    clock.advance(3000 - 250);
    const late = await call(app, 'PATCH', path, { nick: 'J' });
    expect(late.json().retry_after).toBe(0.25);
    expect(late.headers['retry-after']).toBe('1');
    clock.advance(250);
    expect((await call(app, 'PATCH', path, { nick: 'J' })).statusCode).toBe(200);
    expect(sim.member('jorin.vex').nick).toBe('J');
  });

  it("a shared-scope 429 leaves the bucket's count and is not an invalid request; a global one says so", async () => {
    const { app, sim } = setup();
    sim.forceRateLimit('member-role', { requests: 1, retry_after: 2, scope: 'shared' });
    const shared = await call(app, 'PUT', ROLE_PATH);
    expect(shared.statusCode).toBe(429);
    expect(shared.headers['x-ratelimit-scope']).toBe('shared');
    expect(Number(shared.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
    expect(sim.stats().invalid.total).toBe(0);
    sim.forceRateLimit('get-guild', { requests: 1, retry_after: 1, scope: 'global' });
    const global = await call(app, 'GET', `/guilds/${GUILD}`);
    expect(global.json()).toEqual({ message: 'You are being rate limited.', retry_after: 1, global: true });
    expect(global.headers).toMatchObject({ 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' });
    expect(sim.stats().invalid.total).toBe(1);
  });

  it('allows 50 requests a second per bot across all routes, then answers a global 429', async () => {
    const clock = fakeClock();
    const roomy = Object.fromEntries(BUCKET_NAMES.map((n) => [n, { limit: 1000 }]));
    const { app, stats } = createDiscordSimulator({ now: clock.now, buckets: roomy });
    for (let i = 0; i < 50; i++)
      expect((await call(app, 'GET', i % 2 ? `/guilds/${GUILD}` : `/guilds/${GUILD}/roles`)).statusCode).toBe(200);
    clock.advance(900);
    const over = await call(app, 'GET', `/guilds/${GUILD}/members/${USERS.jorin}`);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: 'You are being rate limited.', retry_after: 0.1, global: true });
    expect(over.headers).toMatchObject({ 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global', 'retry-after': '1' });
    // Another caller (here: no token at all, by address) has its own second.
    expect((await app.inject({ url: `${API}/guilds/${GUILD}` })).statusCode).toBe(401);
    clock.advance(100);
    expect((await call(app, 'GET', `/guilds/${GUILD}/members/${USERS.jorin}`)).statusCode).toBe(200);
    expect(stats().rate_limited.by_bucket).toEqual({ 'get-member': 1 });
  });

  it('counts invalid requests (401, 403, 429) over the last ten minutes, as Discord does toward a ban', async () => {
    const { app, sim, clock } = setup();
    await call(app, 'GET', `/guilds/${GUILD}`, undefined, bot('wrong'));
    await call(app, 'PUT', `/guilds/${GUILD}/members/${USERS.jorin}/roles/${ROLES.admins}`);
    await call(app, 'GET', `/guilds/${GUILD}/members/${USERS.mira}`); // 404: not invalid
    expect(sim.stats().invalid).toEqual({ total: 2, last_10_minutes: 2, ban_at: 10_000 });
    clock.advance(10 * 60 * 1000);
    expect(sim.stats().invalid).toEqual({ total: 2, last_10_minutes: 0, ban_at: 10_000 });
  });
});

describe('buckets', () => {
  it('have sizes that options can change, and refuse unknown names', () => {
    const sim = createDiscordSimulator({ buckets: { 'member-role': { limit: 3, windowSeconds: 2 } } });
    expect(sim.rateLimits().find((b) => b.name === 'member-role')).toMatchObject({
      limit: 3,
      window_seconds: 2,
      routes: expect.any(Array),
    });
    expect(() => createDiscordSimulator({ buckets: { nope: { limit: 1 } } })).toThrow(/No bucket nope/);
    expect(() => createDiscordSimulator({ buckets: { 'get-guild': { limit: 0 } } })).toThrow(/limit/);
  });
});
