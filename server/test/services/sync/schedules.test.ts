import type { SyncRun, SyncSchedule } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueSchedules } from '../../../src/services/sync/schedules.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let player: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  player = (await signIn(ctx, '1:100002')).cookie;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.deps.db.query('DELETE FROM sync_runs');
  await ctx.deps.db.query('DELETE FROM sync_schedules');
  ctx.sentJobs.length = 0;
});

const HOUR = 3_600_000;
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: cookie } });
const setSchedule = (target: string, payload: object) => call('PUT', `/api/admin/radiant-mgmt/schedules/${target}`, payload);
const lastAudit = async (event: string) =>
  (
    await ctx.deps.db.query(
      `SELECT a.details, u.uid FROM audit_log a JOIN users u ON u.id = a.actor_id WHERE a.event = $1 ORDER BY a.id DESC LIMIT 1`,
      [event],
    )
  ).rows[0];

describe('sync schedules on /api/admin/radiant-mgmt/schedules', () => {
  it('are set per target by an admin, audited, and listed in the screen order of targets', async () => {
    const now = ctx.clock.now().getTime();
    const inventory = await setSchedule('inventory', { everyHours: 1 });
    expect(inventory.statusCode).toBe(200);
    expect(inventory.json()).toEqual({ target: 'inventory', everyHours: 1, nextRunAt: new Date(now + HOUR).toISOString(), pausedAt: null });
    expect(await lastAudit('sync_schedule_set')).toEqual({ uid: '1:100001', details: { target: 'inventory', everyHours: 1 } });
    expect((await setSchedule('all', { everyHours: 24 })).statusCode).toBe(200);

    const list = (await call('GET', '/api/admin/radiant-mgmt/schedules')).json() as SyncSchedule[];
    expect(list.map((s) => [s.target, s.everyHours])).toEqual([
      ['all', 24],
      ['inventory', 1],
    ]);

    // Changing one replaces it.
    expect((await setSchedule('all', { everyHours: 12 })).json()).toMatchObject({ everyHours: 12 });
    expect(((await call('GET', '/api/admin/radiant-mgmt/schedules')).json() as SyncSchedule[]).map((s) => s.everyHours)).toEqual([12, 1]);
  });

  it('are removed by an admin (audited), and 404 when the target has none', async () => {
    await setSchedule('systems', { everyHours: 6 });
    expect((await call('DELETE', '/api/admin/radiant-mgmt/schedules/systems')).statusCode).toBe(204);
    expect(await lastAudit('sync_schedule_removed')).toEqual({ uid: '1:100001', details: { target: 'systems', everyHours: 6 } });
    const again = await call('DELETE', '/api/admin/radiant-mgmt/schedules/systems');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'not_found', message: 'systems has no schedule.' });
  });

  it.each([{ everyHours: 0 }, { everyHours: 200 }, { everyHours: 169 }, { everyHours: -1 }, { everyHours: 1.5 }, { everyHours: '24' }, {}])(
    'answers 400 for %j stating the range, and neither saves nor audits anything',
    async (payload) => {
      await setSchedule('all', { everyHours: 24 });
      const audited = (await ctx.deps.db.query(`SELECT 1 FROM audit_log WHERE event = 'sync_schedule_set'`)).rowCount;
      const res = await setSchedule('all', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'bad_request',
        message: 'body.everyHours: Hours must be a whole number from 1 to 168',
      });
      const list = (await call('GET', '/api/admin/radiant-mgmt/schedules')).json() as SyncSchedule[];
      expect(list.map((s) => s.everyHours)).toEqual([24]);
      expect((await ctx.deps.db.query(`SELECT 1 FROM audit_log WHERE event = 'sync_schedule_set'`)).rowCount).toBe(audited);
    },
  );

  it('answers 400 for an unknown target and 403 for a player', async () => {
    expect((await setSchedule('moons', { everyHours: 1 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/radiant-mgmt/schedules/all', { everyHours: 1 }, player)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/radiant-mgmt/schedules', undefined, player)).statusCode).toBe(403);
  });
});

describe('pausing a schedule', () => {
  const pause = (target: string, cookie = admin) => call('POST', `/api/admin/radiant-mgmt/schedules/${target}/pause`, undefined, cookie);
  const resume = (target: string) => call('POST', `/api/admin/radiant-mgmt/schedules/${target}/resume`);

  it('is its own action: a paused schedule queues nothing, keeps its period, and runs again once resumed; each audited', async () => {
    await setSchedule('systems', { everyHours: 2 });
    const paused = await pause('systems');
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ target: 'systems', everyHours: 2, pausedAt: ctx.clock.now().toISOString() });
    expect(await lastAudit('sync_schedule_paused')).toEqual({ uid: '1:100001', details: { target: 'systems', everyHours: 2 } });

    ctx.clock.advance(5 * HOUR);
    expect(await runDueSchedules(ctx.deps)).toEqual({ queued: [] });
    expect(ctx.sentJobs).toEqual([]);
    // Changing its period keeps it paused.
    expect((await setSchedule('systems', { everyHours: 3 })).json()).toMatchObject({ everyHours: 3, pausedAt: expect.any(String) });

    const resumed = await resume('systems');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ everyHours: 3, pausedAt: null });
    expect(await lastAudit('sync_schedule_resumed')).toEqual({ uid: '1:100001', details: { target: 'systems', everyHours: 3 } });
    ctx.clock.advance(3 * HOUR);
    expect(await runDueSchedules(ctx.deps)).toEqual({ queued: ['systems'] });
  });

  it('resumed after its next run passed, is due a whole period from then rather than at once', async () => {
    await setSchedule('factions', { everyHours: 1 });
    await pause('factions');
    ctx.clock.advance(2 * HOUR);
    const resumed = (await resume('factions')).json() as SyncSchedule;
    expect(resumed.nextRunAt).toBe(new Date(ctx.clock.now().getTime() + HOUR).toISOString());
    expect(await runDueSchedules(ctx.deps)).toEqual({ queued: [] });
  });

  it('answers 409 when it is already so, 404 without a schedule, 403 for a player; nothing audited', async () => {
    await setSchedule('planets', { everyHours: 6 });
    const audited = async () =>
      (await ctx.deps.db.query(`SELECT 1 FROM audit_log WHERE event IN ('sync_schedule_paused', 'sync_schedule_resumed')`)).rowCount ?? 0;
    const before = await audited();
    const running = await resume('planets');
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({ error: 'conflict', message: 'The planets schedule is already running.' });
    expect((await pause('planets')).statusCode).toBe(200);
    expect((await pause('planets')).json()).toEqual({ error: 'conflict', message: 'The planets schedule is already paused.' });
    expect((await pause('droids')).json()).toEqual({ error: 'not_found', message: 'droids has no schedule.' });
    expect((await pause('planets', player)).statusCode).toBe(403);
    expect(await audited()).toBe(before + 1);
  });
});

describe('a due schedule', () => {
  it('queues one run, shown by schedule, even when two workers sweep at the same moment; the next is due a period later', async () => {
    await setSchedule('inventory', { everyHours: 1 });
    await setSchedule('all', { everyHours: 24 });
    expect(await runDueSchedules(ctx.deps)).toEqual({ queued: [] });

    ctx.clock.advance(HOUR);
    const [a, b] = await Promise.all([runDueSchedules(ctx.deps), runDueSchedules(ctx.deps)]);
    expect([...a.queued, ...b.queued]).toEqual(['inventory']);
    expect(ctx.sentJobs.map((j) => j.name)).toEqual(['radiant-sync']);

    const runs = (await call('GET', '/api/admin/radiant-mgmt/history')).json().runs as SyncRun[];
    expect(runs).toEqual([{ type: 'inventory', status: 'queued', message: null, timestamp: expect.any(String), triggeredBy: 'schedule' }]);
    const list = (await call('GET', '/api/admin/radiant-mgmt/schedules')).json() as SyncSchedule[];
    expect(list.find((s) => s.target === 'inventory')!.nextRunAt).toBe(new Date(ctx.clock.now().getTime() + HOUR).toISOString());
  });

  it('skips its turn while a run of its target is queued or running', async () => {
    await setSchedule('systems', { everyHours: 1 });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/radiant-mgmt/sync/systems', cookies: { portal_session: admin } }))
        .statusCode,
    ).toBe(202);
    ctx.clock.advance(HOUR);
    expect(await runDueSchedules(ctx.deps)).toEqual({ queued: [] });
    const runs = (await call('GET', '/api/admin/radiant-mgmt/history')).json().runs as SyncRun[];
    expect(runs).toHaveLength(1);
    expect(runs[0]).not.toHaveProperty('triggeredBy');
  });
});
