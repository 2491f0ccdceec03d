import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool } from '../../../src/db/pool.ts';
import { runRotationSweep } from '../../../src/services/service-jwts/sweep.ts';
import { serviceJwtFixture } from '../../helpers/fixtures.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  ctx.kube.clear();
  await ctx.deps.db.query('DELETE FROM service_jwt_configs');
});

const MIN = 60_000;
const body = (name: string, patch: Parameters<typeof serviceJwtFixture>[0] = {}) =>
  serviceJwtFixture({ service_name: name, audience: 'api', k8s_namespace: 'apps', rotation_interval_minutes: 60, ...patch });
async function create(name: string, patch: Parameters<typeof serviceJwtFixture>[0] = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/service-jwts',
    payload: body(name, patch),
    cookies: { portal_session: admin },
  });
  return res.json();
}
const history = async (id: string) =>
  (await ctx.app.inject({ url: `/api/admin/service-jwts/${id}/rotations`, cookies: { portal_session: admin } })).json() as {
    type: string;
    status: string;
  }[];

describe('the rotation sweep', () => {
  it('rotates only what is due, as an automatic rotation', async () => {
    const hourly = await create('hourly');
    const daily = await create('daily', { rotation_interval_minutes: 1440, ttl_minutes: 1440 });
    const off = await create('off', { rotation_enabled: false });
    ctx.clock.advance(61 * MIN);
    expect(await runRotationSweep(ctx.deps)).toEqual({ rotated: 1, failed: 0 });
    expect((await history(hourly.id))[0]).toMatchObject({ type: 'auto', status: 'success' });
    expect(await history(daily.id)).toHaveLength(1);
    expect(await history(off.id)).toHaveLength(1);
  });

  it('rotates before the token expires when the interval is longer than the TTL', async () => {
    const long = await create('long', { rotation_interval_minutes: 1440, ttl_minutes: 30 });
    ctx.clock.advance(23 * MIN);
    expect((await runRotationSweep(ctx.deps)).rotated).toBe(0);
    ctx.clock.advance(2 * MIN); // 5 minutes before expiry: inside the 20 % margin
    expect((await runRotationSweep(ctx.deps)).rotated).toBe(1);
    const token = ctx.kube.value('apps', 'long-jwt', 'token')!;
    const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp * 1000;
    expect(exp).toBe(ctx.clock.now().getTime() + 30 * MIN - (ctx.clock.now().getTime() % 1000));
    expect((await history(long.id))[0]!.type).toBe('auto');
  });

  it('records a failure, keeps last_rotated_at, and retries with backoff', async () => {
    const svc = await create('flaky');
    ctx.clock.advance(61 * MIN);
    ctx.kube.fail({ status: 500, reason: 'InternalError', message: 'etcdserver: request timed out' });
    expect(await runRotationSweep(ctx.deps)).toEqual({ rotated: 0, failed: 1 });
    expect((await history(svc.id))[0]).toMatchObject({
      type: 'auto',
      status: 'failed',
      message: expect.stringContaining('500 InternalError'),
    });
    const row = (await ctx.deps.db.query('SELECT last_rotated_at FROM service_jwt_configs WHERE id = $1', [svc.id])).rows[0];
    expect(row.last_rotated_at.toISOString()).toBe(svc.last_rotated_at);
    expect((await runRotationSweep(ctx.deps)).failed).toBe(0); // backing off for a minute
    ctx.kube.clear();
    ctx.clock.advance(MIN);
    expect((await runRotationSweep(ctx.deps)).rotated).toBe(1);
  });

  it('rotates a due configuration exactly once with two schedulers on one database', async () => {
    for (let i = 0; i < 30; i++) await create(`svc-${i}`);
    ctx.clock.advance(61 * MIN);
    const before = ctx.kube.requests.length;
    const { rows } = await ctx.deps.db.query('SELECT current_schema() AS schema');
    const second = createPool(process.env.DATABASE_URL || (await import('vitest')).inject('databaseUrl'), rows[0].schema);
    try {
      const [a, b] = await Promise.all([
        runRotationSweep(ctx.deps, { batchSize: 5, concurrency: 2 }),
        runRotationSweep({ ...ctx.deps, db: second }, { batchSize: 5, concurrency: 2 }),
      ]);
      expect(a.rotated + b.rotated).toBe(30);
      expect(a.rotated).toBeGreaterThan(0);
      expect(b.rotated).toBeGreaterThan(0);
    } finally {
      await second.end();
    }
    const auto = await ctx.deps.db.query(
      `SELECT config_id, count(*)::int AS n FROM service_jwt_rotations WHERE type = 'auto' GROUP BY config_id`,
    );
    expect(auto.rows).toHaveLength(30);
    expect(auto.rows.every((r) => r.n === 1)).toBe(true);
    expect(ctx.kube.requests.slice(before).filter((r) => r.method === 'PATCH')).toHaveLength(30);
  });
});
