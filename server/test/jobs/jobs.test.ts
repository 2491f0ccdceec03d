import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startJobSystem, type JobSystem } from '../../src/jobs/system.ts';
import { BACKCHANNEL_LOGOUT_JOB } from '../../src/services/access-end/backchannel-logout.ts';
import { SYNC_RUN_JOB } from '../../src/services/sync/runs.ts';
import { serviceJwtFixture } from '../helpers/fixtures.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let jobs: JobSystem;
let bossSchema: string;
const silentLog = { debug: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  ctx = await createTestApp();
  const { rows } = await ctx.deps.db.query('SELECT current_schema() AS schema');
  bossSchema = `${rows[0].schema}_boss`;
  jobs = await startJobSystem(inject('databaseUrl'), { schema: bossSchema });
  await jobs.work(ctx.deps, silentLog);
});
afterAll(async () => {
  await jobs.stop();
  await ctx.deps.db.query(`DROP SCHEMA IF EXISTS "${bossSchema}" CASCADE`);
  await ctx.close();
});

describe('scheduled jobs', () => {
  it('registers every sweep on its schedule', async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
      ['audit-forward', '* * * * *'],
      ['discord-reconcile-sweep', '* * * * *'],
      ['encryption-key-change', '*/10 * * * *'],
      ['faction-roster-sweep', '* * * * *'],
      ['group-grace-sweep', '* * * * *'],
      ['radiant-sync-details-sweep', '* * * * *'],
      ['radiant-sync-schedules', '* * * * *'],
      ['radiant-sync-sweep', '* * * * *'],
      ['service-jwt-rotation-sweep', '* * * * *'],
      ['sign-in-cleanup', '*/15 * * * *'],
      ['signing-key-rotation', '17 * * * *'],
      ['swc-binding-refresh', '*/5 * * * *'],
      ['swc-faction-list-read', '* * * * *'],
    ]);
  });

  it('runs the rotation sweep through pg-boss', async () => {
    const admin = (await signIn(ctx, '1:100001')).cookie;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/service-jwts',
      cookies: { portal_session: admin },
      payload: serviceJwtFixture({
        service_name: 'queued',
        audience: 'api',
        subject: 'svc',
        k8s_namespace: 'apps',
        rotation_interval_minutes: 60,
      }),
    });
    const { id } = res.json();
    ctx.clock.advance(61 * 60_000);
    await jobs.boss.send('service-jwt-rotation-sweep', {});
    await expect
      .poll(
        async () =>
          (await ctx.deps.db.query(`SELECT count(*)::int AS n FROM service_jwt_rotations WHERE config_id = $1 AND type = 'auto'`, [id]))
            .rows[0].n,
        {
          timeout: 15_000,
          interval: 200,
        },
      )
      .toBe(1);
  });
});

describe("a web replica's job system (PORTAL_MODE=web)", () => {
  it('hands jobs over to the workers but schedules and runs none itself', async () => {
    const schema = `${bossSchema}_web`;
    const web = await startJobSystem(inject('databaseUrl'), { schema, runsJobs: false });
    try {
      expect(await web.boss.getSchedules()).toEqual([]);
      await web.queue.send(BACKCHANNEL_LOGOUT_JOB, { appId: 'a', userId: 'u', sid: 's' });
      expect(await web.boss.findJobs(BACKCHANNEL_LOGOUT_JOB, { queued: true })).toHaveLength(1);
      await expect(web.work(ctx.deps, silentLog)).rejects.toThrow('the worker runs them');
    } finally {
      await web.stop();
      await ctx.deps.db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    }
  });
});

describe('replicas starting together', () => {
  it('set up the same queues and schedules one after another instead of deadlocking', async () => {
    const schema = `${bossSchema}_together`;
    const systems = await Promise.all([0, 1, 2, 3].map(() => startJobSystem(inject('databaseUrl'), { schema })));
    try {
      const schedules = (await systems[0]!.boss.getSchedules()).map((s) => s.name).sort();
      expect(schedules.length).toBeGreaterThan(0);
      for (const system of systems.slice(1)) expect((await system.boss.getSchedules()).map((s) => s.name).sort()).toEqual(schedules);
    } finally {
      await Promise.all(systems.map((s) => s.stop()));
      await ctx.deps.db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    }
  });
});

describe('a database that pg-boss 10 ran on', () => {
  /** The part of pg-boss 10's schema (its version 24) that the take-over reads. */
  async function createLegacySchema(schema: string): Promise<void> {
    const db = ctx.deps.db;
    await db.query(`CREATE SCHEMA "${schema}"`);
    await db.query(`CREATE TYPE "${schema}".job_state AS ENUM ('created', 'retry', 'active', 'completed', 'cancelled', 'failed')`);
    await db.query(`CREATE TABLE "${schema}".version (version int PRIMARY KEY)`);
    await db.query(`INSERT INTO "${schema}".version VALUES (24)`);
    await db.query(`
      CREATE TABLE "${schema}".job (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name text NOT NULL,
        data jsonb,
        state "${schema}".job_state NOT NULL DEFAULT 'created',
        start_after timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, id)
      ) PARTITION BY LIST (name)`);
    for (const [i, name] of [BACKCHANNEL_LOGOUT_JOB, SYNC_RUN_JOB, 'sign-in-cleanup'].entries()) {
      await db.query(`CREATE TABLE "${schema}".j${i} PARTITION OF "${schema}".job FOR VALUES IN ('${name}')`);
    }
  }

  it('takes over the jobs still waiting there, each once, and leaves the others', async () => {
    const legacy = `${bossSchema}_v10`;
    const schema = `${bossSchema}_after_v10`;
    await createLegacySchema(legacy);
    const later = new Date(Date.now() + 60 * 60_000);
    const insert = `INSERT INTO "${legacy}".job (name, data, state, start_after) VALUES ($1, $2, $3, $4) RETURNING id`;
    const logout = (sid: string) => ({ appId: 'a', userId: 'u', sid });
    const waiting = (await ctx.deps.db.query(insert, [BACKCHANNEL_LOGOUT_JOB, logout('waiting'), 'created', new Date()])).rows[0].id;
    const retrying = (await ctx.deps.db.query(insert, [SYNC_RUN_JOB, { runId: 'r1' }, 'retry', later])).rows[0].id;
    await ctx.deps.db.query(insert, [BACKCHANNEL_LOGOUT_JOB, logout('running'), 'active', new Date()]);
    await ctx.deps.db.query(insert, [BACKCHANNEL_LOGOUT_JOB, logout('delivered'), 'completed', new Date()]);
    await ctx.deps.db.query(insert, ['sign-in-cleanup', {}, 'created', new Date()]);

    const systems = await Promise.all(
      [0, 1].map(() => startJobSystem(inject('databaseUrl'), { schema, legacySchema: legacy, runsJobs: false })),
    );
    try {
      const logouts = await systems[0]!.boss.findJobs(BACKCHANNEL_LOGOUT_JOB, { queued: true });
      expect(logouts.map((j) => [j.id, j.data])).toEqual([[waiting, logout('waiting')]]);
      const syncs = await systems[0]!.boss.findJobs(SYNC_RUN_JOB, { queued: true });
      expect(syncs.map((j) => [j.id, j.data, j.startAfter])).toEqual([[retrying, { runId: 'r1' }, later]]);
      const { rows: left } = await ctx.deps.db.query(`SELECT name, state::text FROM "${legacy}".job ORDER BY name, state`);
      expect(left).toEqual([
        { name: BACKCHANNEL_LOGOUT_JOB, state: 'active' },
        { name: BACKCHANNEL_LOGOUT_JOB, state: 'completed' },
        { name: 'sign-in-cleanup', state: 'created' },
      ]);
    } finally {
      await Promise.all(systems.map((s) => s.stop()));
      await ctx.deps.db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await ctx.deps.db.query(`DROP SCHEMA IF EXISTS "${legacy}" CASCADE`);
    }
  });
});
