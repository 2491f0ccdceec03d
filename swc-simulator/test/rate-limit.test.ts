import { describe, expect, it } from 'vitest';
import { setup, signIn, JORIN, wsGet } from './helpers.ts';

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
