import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../helpers/fixtures.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const preflight = (url: string, origin: string) =>
  ctx.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

describe('allowed origins', () => {
  it('admits an app registered after the sets were first read, without waiting for the cache to expire', async () => {
    const origin = 'https://late-app.example.com';
    // The first call reads and caches the sets, which do not hold the new app yet.
    expect((await preflight('/oidc/token', origin)).headers['access-control-allow-origin']).toBeUndefined();
    await createAppFixture(ctx, { key: 'late', name: 'Late', url: `${origin}/`, redirect_urls: [`${origin}/`] });
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await preflight('/oidc/token', origin)).headers['access-control-allow-origin']).toBe(origin);
    // Still an app's origin, not the portal's: the API gives it nothing.
    expect((await preflight('/api/admin/apps', origin)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it("admits an origin the portal app registers as one of the portal's own", async () => {
    const origin = 'https://late-spa.example.com';
    expect((await preflight('/api/admin/apps', origin)).headers['access-control-allow-origin']).toBeUndefined();
    await ctx.deps.db.query(`UPDATE apps SET redirect_urls = redirect_urls || $1::text WHERE key = 'portal'`, [`${origin}/dashboard`]);
    await new Promise((r) => setTimeout(r, 1_100));
    const res = await preflight('/api/admin/apps', origin);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });
});
