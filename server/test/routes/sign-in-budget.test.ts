import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
afterEach(() => ctx.close());

const HOUR = 3_600_000;
const webServiceRequests = () => ctx.sim.stats().requests;

describe('sign-in and the SWCombine request budget', () => {
  it('reads a returning player’s profile only when it is older than the configured age (24 h)', async () => {
    ctx = await createTestApp();
    expect((await signIn(ctx, '1:100002')).response.statusCode).toBe(302);
    expect(webServiceRequests()).toBe(1);

    ctx.clock.advance(23 * HOUR);
    const again = await signIn(ctx, '1:100002');
    expect(again.response.statusCode).toBe(302);
    expect(webServiceRequests()).toBe(1);
    const me = await ctx.app.inject({ url: '/api/me', cookies: { portal_session: again.cookie } });
    expect(me.json()).toMatchObject({ uid: '1:100002', name: 'Mira Solan' });

    ctx.clock.advance(2 * HOUR);
    expect((await signIn(ctx, '1:100002')).response.statusCode).toBe(302);
    expect(webServiceRequests()).toBe(2);
  });

  it('shows a new player when sign-in works again, in UTC and relative, and audits the failure', async () => {
    ctx = await createTestApp({ SWC_SIMULATOR_RATE_LIMIT: '1' });
    await signIn(ctx, '1:100002'); // spends the only request of the hour
    const { response, cookie } = await signIn(ctx, '1:100001');

    expect(response.statusCode).toBe(503);
    expect(cookie).toBeUndefined();
    expect(response.headers['content-type']).toContain('text/html');
    expect(Number(response.headers['retry-after'])).toBe(3600);
    expect(response.body).toContain(
      'It should work again in about 1 hour, at <time datetime="2026-11-22T13:00:00.000Z" data-local>13:00 UTC</time>',
    );
    expect(response.body).toContain('<script src="/auth/local-time.js" defer></script>');
    expect(ctx.sim.stats()).toMatchObject({ requests: 1, overLimit: 0 }); // the lookup was not even sent

    const { rows } = await ctx.deps.db.query("SELECT app_key, details FROM audit_log WHERE event = 'login_failed'");
    expect(rows).toEqual([
      {
        app_key: 'portal',
        details: { reason: 'SWCombine request budget used up', uid: '1:100001', retry_at: '2026-11-22T13:00:00.000Z' },
      },
    ]);
  });

  it('serves the page’s script from this origin, so the time shows in the reader’s zone under the CSP', async () => {
    ctx = await createTestApp();
    const script = await ctx.app.inject('/auth/local-time.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain("querySelectorAll('time[data-local]')");
  });

  it('lets a returning player with an older profile in while the budget is used up', async () => {
    ctx = await createTestApp({ SWC_SIMULATOR_RATE_LIMIT: '1', SWC_PROFILE_MAX_AGE_H: '0' });
    await signIn(ctx, '1:100002');
    const again = await signIn(ctx, '1:100002');
    expect(again.response.statusCode).toBe(302);
    const me = await ctx.app.inject({ url: '/api/me', cookies: { portal_session: again.cookie } });
    expect(me.json()).toMatchObject({ name: 'Mira Solan' });
  });

  it('publishes the budget in /metrics on the management port', async () => {
    ctx = await createTestApp({ SWC_SIMULATOR_RATE_LIMIT: '5' });
    await signIn(ctx, '1:100002');
    const metrics = (await (await ctx.management()).inject('/metrics')).body;
    expect(metrics).toMatch(/^swc_budget_limit 5$/m);
    expect(metrics).toMatch(/^swc_budget_remaining 4$/m);
  });
});
