import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../helpers/fixtures.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const preflight = (origin: string) =>
  ctx.app.inject({
    method: 'OPTIONS',
    url: '/api/admin/apps',
    headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
  });

describe('allowed origins', () => {
  it('admits an app registered after the set was first read, without waiting for the cache to expire', async () => {
    const origin = 'https://late-app.example.com';
    // The first call reads and caches the set, which does not hold the new app yet.
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    await createAppFixture(ctx, { key: 'late', name: 'Late', url: `${origin}/`, redirect_urls: [`${origin}/`] });
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBe(origin);
  });
});
