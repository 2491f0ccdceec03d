import { describe, expect, it } from 'vitest';
import { JORIN, setup, signIn, wsGet } from './helpers.ts';

describe('rate limits on /ws/v2.0/', () => {
  it('sends the headers and counts down', async () => {
    const { app, clock } = setup();
    const start = Math.floor(clock.now() / 1000);
    const first = await wsGet(app, '/ws/v2.0/factions/');
    expect(first.headers['x-ratelimit-limit']).toBe('600');
    expect(first.headers['x-ratelimit-remaining']).toBe('599');
    expect(first.headers['x-ratelimit-reset']).toBe(String(start + 3600));
    expect(first.headers['x-ratelimit-resettime']).toBe(new Date((start + 3600) * 1000).toUTCString());
    clock.advance(1000);
    const second = await wsGet(app, '/ws/v2.0/factions/');
    expect(second.headers['x-ratelimit-remaining']).toBe('598');
    expect(second.headers['x-ratelimit-reset']).toBe(String(start + 3600));
  });

  it('answers the 601st call in an hour with 400, the error envelope and Retry-After, then recovers after the reset', async () => {
    const { app, clock } = setup();
    for (let i = 0; i < 600; i++) {
      const res = await wsGet(app, '/ws/v2.0/factions/');
      expect(res.statusCode).toBe(200);
    }
    clock.advance(600 * 1000);
    const over = await wsGet(app, '/ws/v2.0/factions/');
    expect(over.statusCode).toBe(400);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(over.headers['retry-after']).toBe('3000');
    expect(over.json()).toMatchObject({ version: '2.0', swcapi: { error_code: 400, error_message: expect.stringMatching(/rate limit/i) } });

    clock.advance(3000 * 1000);
    const after = await wsGet(app, '/ws/v2.0/factions/');
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-ratelimit-remaining']).toBe('599');
  });

  it('counts failed calls too, per client IP, and leaves OAuth endpoints alone', async () => {
    const { app } = setup({ rateLimit: { limit: 3, windowSeconds: 60 } });
    const { access_token } = await signIn(app, JORIN);
    await wsGet(app, '/ws/v2.0/character/', 'bad-token');
    await wsGet(app, '/ws/v2.0/nowhere');
    expect((await wsGet(app, '/ws/v2.0/character/', access_token)).headers['x-ratelimit-remaining']).toBe('0');
    expect((await wsGet(app, '/ws/v2.0/character/', access_token)).statusCode).toBe(400);
    const elsewhere = await app.inject({ url: '/ws/v2.0/factions/', headers: { accept: 'application/json' }, remoteAddress: '10.0.0.9' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['x-ratelimit-remaining']).toBe('2');
    expect((await app.inject({ url: `/ws/oauth2/tokeninfo/?access_token=${access_token}` })).statusCode).toBe(200);
  });

  it('lists each pattern with its limit and remaining count at /ws/v2.0/ratelimits', async () => {
    const { app } = setup();
    await wsGet(app, '/ws/v2.0/factions/');
    const res = await wsGet(app, '/ws/v2.0/ratelimits');
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().swcapi.ratelimits.ratelimit;
    expect(entry.attributes).toMatchObject({ pattern: '/ws/v2.0/*', limit: 600, remaining: 598 });
  });
});

describe('settable limits and request counters', () => {
  it('takes rateLimit and rateWindowSeconds as plain numbers', async () => {
    const { app, clock } = setup({ rateLimit: 2, rateWindowSeconds: 90 });
    const reset = String(Math.floor(clock.now() / 1000) + 90);
    const first = await wsGet(app, '/ws/v2.0/galaxy/sectors/');
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-reset']).toBe(reset);
    await wsGet(app, '/ws/v2.0/galaxy/sectors/');
    const over = await wsGet(app, '/ws/v2.0/galaxy/sectors/');
    expect(over.statusCode).toBe(400);
    expect(over.headers['retry-after']).toBe('90');
    clock.advance(90_000);
    expect((await wsGet(app, '/ws/v2.0/galaxy/sectors/')).statusCode).toBe(200);
  });

  it('sends the rate-limit headers on error answers too', async () => {
    const { app } = setup({ rateLimit: 5 });
    for (const url of ['/ws/v2.0/character/', '/ws/v2.0/galaxy/systems/9:999999', '/ws/v2.0/nowhere']) {
      const res = await wsGet(app, url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers).toMatchObject({
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': expect.any(String),
        'x-ratelimit-reset': expect.stringMatching(/^\d+$/),
        'x-ratelimit-resettime': expect.any(String),
      });
    }
  });

  it('takes tokenTtlSeconds for the access-token lifetime', async () => {
    const { app, clock } = setup({ tokenTtlSeconds: 120 });
    const tokens = await signIn(app, JORIN);
    expect(tokens.expires_in).toBe(120);
    clock.advance(119_000);
    expect((await wsGet(app, '/ws/v2.0/character/', tokens.access_token)).statusCode).toBe(200);
    clock.advance(1_000);
    expect((await wsGet(app, '/ws/v2.0/character/', tokens.access_token)).statusCode).toBe(401);
  });

  it('refuses a limit that is not a positive number', () => {
    expect(() => setup({ rateLimit: 0 })).toThrow(/rateLimit/);
    expect(() => setup({ rateWindowSeconds: -1 })).toThrow(/rateWindowSeconds/);
    expect(() => setup({ tokenTtlSeconds: Number.NaN })).toThrow(/tokenTtlSeconds/);
  });

  it('counts the web-service requests served and those over the limit in stats()', async () => {
    const { app, sim } = setup({ rateLimit: 3 });
    expect(sim.stats()).toEqual({ requests: 0, served: 0, overLimit: 0 });
    for (let i = 0; i < 5; i++) await wsGet(app, '/ws/v2.0/galaxy/sectors/');
    await app.inject({ url: '/ws/oauth2/tokeninfo/?access_token=x' });
    expect(sim.stats()).toEqual({ requests: 5, served: 3, overLimit: 2 });
  });
});
