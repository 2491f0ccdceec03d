import { ErrorCode } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appFixture } from '../helpers/fixtures.ts';
import { FreezableProxy } from '../helpers/freezable-proxy.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

// Short timeouts so the frozen-database answers come within the test's time; the product's are 5/15/30 s.
const TIMEOUTS = { DATABASE_CONNECT_TIMEOUT_S: '1', DATABASE_STATEMENT_TIMEOUT_S: '1', DATABASE_IDLE_TX_TIMEOUT_S: '5' };

const newApp = (key: string) => appFixture({ key, name: key });

describe('when PostgreSQL stops answering', () => {
  let proxy: FreezableProxy;
  let ctx: TestContext;
  let admin: string;
  const listApps = () => ctx.app.inject({ url: '/api/admin/apps', cookies: { portal_session: admin } });
  const createApp = (key: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/apps', cookies: { portal_session: admin }, payload: newApp(key) });

  beforeAll(async () => {
    proxy = await FreezableProxy.forUrl(inject('databaseUrl')).start();
    ctx = await createTestApp(TIMEOUTS, { poolUrl: (url) => proxy.urlFor(url) });
    admin = (await signIn(ctx, '1:100001')).cookie;
  });
  afterAll(async () => {
    proxy.thaw();
    await ctx.close();
    await proxy.stop();
  });

  it('says not ready and answers API calls 503 unavailable, then recovers by itself with nothing lost', async () => {
    expect((await createApp('before-outage')).statusCode).toBe(201);

    proxy.freeze();
    const readiness = await ctx.app.inject('/readyz');
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'unavailable' });
    const call = await listApps();
    expect(call.statusCode).toBe(503);
    expect(call.json()).toEqual({ error: ErrorCode.Unavailable, message: 'The database is not answering; try again in a moment.' });
    expect(call.headers['retry-after']).toBe('5');
    expect((await createApp('during-outage')).statusCode).toBe(503);

    proxy.thaw();
    await expect.poll(async () => (await ctx.app.inject('/readyz')).statusCode, { timeout: 10_000 }).toBe(200);
    await expect.poll(async () => (await listApps()).statusCode, { timeout: 10_000 }).toBe(200);
    expect((await createApp('after-outage')).statusCode).toBe(201);
    const keys = (await listApps()).json<{ key: string }[]>().map((a) => a.key);
    expect(keys).toEqual(expect.arrayContaining(['before-outage', 'after-outage']));
  });

  it('answers 503 to a request that needs a new connection while the database does not accept any', async () => {
    proxy.freeze();
    try {
      // More concurrent calls than idle connections: some must open new ones, which time out.
      const answers = await Promise.all(Array.from({ length: 25 }, () => listApps()));
      expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([503]));
    } finally {
      proxy.thaw();
    }
    await expect.poll(async () => (await listApps()).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
