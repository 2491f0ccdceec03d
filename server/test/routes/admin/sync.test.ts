import { SYNC_TARGETS } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SyncProgress, SyncRunCost, SyncTargetStats } from '@portal/contract';
import { holdLease, takeLease } from '../../../src/services/sync/queries/leases.ts';
import { closeTarget } from '../../../src/services/sync/queries/checkpoints.ts';
import { finishRun } from '../../../src/services/sync/queries/runs.ts';
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
  ctx.sentJobs.length = 0;
});

const call = (method: 'GET' | 'POST', url: string, cookie: string | null = admin) =>
  ctx.app.inject({ method, url, cookies: cookie ? { portal_session: cookie } : {} });
const trigger = (target: string, cookie: string | null = admin) => call('POST', `/api/admin/radiant-mgmt/sync/${target}`, cookie);
const history = (query = '') => call('GET', `/api/admin/radiant-mgmt/history${query}`);
const runIdOf = async (target: string) =>
  (await ctx.deps.db.query<{ id: string }>('SELECT id FROM sync_runs WHERE target = $1', [target])).rows[0]!.id;
const MINUTE = 60_000;

describe('who may call /api/admin/radiant-mgmt', () => {
  it.each([
    ['POST', '/api/admin/radiant-mgmt/sync/systems'],
    ['GET', '/api/admin/radiant-mgmt/history'],
    ['GET', '/api/admin/radiant-mgmt/targets'],
    ['GET', '/api/admin/radiant-mgmt/cost/all'],
  ] as const)('%s %s: 401 without a session, 403 for a player, and nothing is queued', async (method, url) => {
    const anon = await call(method, url, null);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ error: 'unauthorized' });
    const denied = await call(method, url, player);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'forbidden', message: 'You do not have the admin role.' });
    expect((await ctx.deps.db.query('SELECT 1 FROM sync_runs')).rowCount).toBe(0);
    expect(ctx.sentJobs).toEqual([]);
  });
});

describe('POST /api/admin/radiant-mgmt/sync/{target}', () => {
  it('queues the run (202), hands it to the worker and audits the admin who asked', async () => {
    const res = await trigger('systems');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: expect.stringContaining('systems') });

    const runId = await runIdOf('systems');
    expect(ctx.sentJobs).toEqual([{ name: 'radiant-sync', data: { runId } }]);
    const audit = await ctx.deps.db.query(
      `SELECT a.details, u.uid FROM audit_log a JOIN users u ON u.id = a.actor_id WHERE a.event = 'sync_triggered' ORDER BY a.id DESC LIMIT 1`,
    );
    expect(audit.rows[0]).toEqual({ uid: '1:100001', details: { target: 'systems', runId } });
  });

  it('answers 409 while the same target is queued or running, and 202 again once it finished', async () => {
    expect((await trigger('factions')).statusCode).toBe(202);

    const twice = await trigger('factions');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'conflict', message: 'A factions sync is already queued or running.' });

    const runId = await runIdOf('factions');
    await startRun(runId, ctx.clock.now());
    expect((await trigger('factions')).statusCode).toBe(409);
    // Another target is not held up by it.
    expect((await trigger('planets')).statusCode).toBe(202);
    expect(ctx.sentJobs).toHaveLength(2);

    await finishRun(ctx.deps.db, runId, 'completed', 'factions: 12', ctx.clock.now());
    expect((await trigger('factions')).statusCode).toBe(202);
  });

  it.each(['starships', 'ALL', '%20'])('answers 400 for the unknown target %j, naming the valid ones', async (target) => {
    const res = await trigger(target);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(SYNC_TARGETS.join(', ')) });
    expect(res.json().message).toContain('params.target: target must be one of');
    expect(ctx.sentJobs).toEqual([]);
  });
});

/** A job takes the run at `at` (the run turns running), and reports `progress`. */
async function startRun(runId: string, at: Date, progress?: SyncProgress) {
  const lease = { runId, holder: 'test-job', until: new Date(at.getTime() + MINUTE) };
  expect(await takeLease(ctx.deps.db, lease, at)).toBe(true);
  if (progress) await holdLease(ctx.deps.db, lease, progress);
}

describe('GET /api/admin/radiant-mgmt/history', () => {
  it('lists runs newest first with type, status, message and the time of their last step', async () => {
    const queuedAt = ctx.clock.now();
    await trigger('systems');
    ctx.clock.advance(MINUTE);
    const planetsAt = ctx.clock.now();
    await trigger('planets');
    ctx.clock.advance(MINUTE);
    await trigger('factions');
    await startRun(await runIdOf('planets'), planetsAt, { target: 'planets', done: 1200, total: 5962 });
    ctx.clock.advance(MINUTE);
    const finishedAt = ctx.clock.now();
    await finishRun(ctx.deps.db, await runIdOf('factions'), 'failed', 'SWCombine refused the request.', finishedAt);

    const res = await history();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      runs: [
        { type: 'factions', status: 'failed', message: 'SWCombine refused the request.', timestamp: finishedAt.toISOString() },
        {
          type: 'planets',
          status: 'running',
          message: null,
          timestamp: planetsAt.toISOString(),
          progress: { target: 'planets', done: 1200, total: 5962 },
        },
        { type: 'systems', status: 'queued', message: null, timestamp: queuedAt.toISOString() },
      ],
    });
  });

  it('gives 10 runs by default and at most `limit`', async () => {
    for (const target of SYNC_TARGETS.slice(0, 12)) {
      await trigger(target);
      ctx.clock.advance(MINUTE);
    }
    expect((await history()).json().runs).toHaveLength(10);
    const two = (await history('?limit=2')).json().runs;
    expect(two.map((r: { type: string }) => r.type)).toEqual(['items', 'facilities']);
    expect((await history('?limit=100')).json().runs).toHaveLength(12);
  });

  it('is empty before any sync', async () => {
    expect((await history()).json()).toEqual({ runs: [] });
  });

  it.each(['0', '101', '-1', '2.5', 'ten', ''])('answers 400 for limit=%j, naming the field', async (limit) => {
    const res = await history(`?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.stringContaining('limit must be a whole number from 1 to 100') });
  });
});

describe('GET /api/admin/radiant-mgmt/targets', () => {
  it('lists every target in screen order with its rows and last complete sync', async () => {
    await trigger('systems');
    const finishedAt = ctx.clock.now();
    // A run that read its list to the end closes it (marking what it did not see gone).
    await closeTarget(ctx.deps.db, await runIdOf('systems'), 'systems', 0, finishedAt);
    await finishRun(ctx.deps.db, await runIdOf('systems'), 'completed', 'systems: 0', finishedAt);

    const res = await call('GET', '/api/admin/radiant-mgmt/targets');
    expect(res.statusCode).toBe(200);
    const stats = res.json() as SyncTargetStats[];
    expect(stats.map((s) => s.target)).toEqual([...SYNC_TARGETS]);
    const nothingYet = { filled: 0, rows: 0, completeAt: null };
    expect(stats.find((s) => s.target === 'systems')).toEqual({
      target: 'systems',
      rows: 0,
      lastCompleteAt: finishedAt.toISOString(),
      lastRun: { new: 0, changed: 0, unchanged: 0, gone: 0 },
      details: nothingYet,
      latestRun: { type: 'systems', status: 'completed', message: 'systems: 0', timestamp: finishedAt.toISOString() },
      needsBinding: null,
    });
    expect(stats.find((s) => s.target === 'planets')).toEqual({
      target: 'planets',
      rows: 0,
      lastCompleteAt: null,
      lastRun: null,
      details: nothingYet,
      latestRun: null,
      needsBinding: null,
    });
    // The factions list says all there is of a faction.
    expect(stats.find((s) => s.target === 'factions')).toMatchObject({ details: null });
    // Without a binding the inventory cannot run yet, and says how to fix it.
    expect(stats.find((s) => s.target === 'inventory')).toMatchObject({
      needsBinding: 'needs a SWCombine binding: connect one on SWC Integration (tenant 1324, faction-leader)',
    });
  });

  it("shows a target's own latest run, failed or in progress, beside its last complete one", async () => {
    await trigger('factions');
    await startRun(await runIdOf('factions'), ctx.clock.now(), { target: 'factions', done: 50, total: 120 });
    const stats = (await call('GET', '/api/admin/radiant-mgmt/targets')).json() as SyncTargetStats[];
    expect(stats.find((s) => s.target === 'factions')!.latestRun).toMatchObject({
      status: 'running',
      progress: { target: 'factions', done: 50, total: 120 },
    });
  });
});

describe('GET /api/admin/radiant-mgmt/cost/{target}', () => {
  const cost = async (target: string) => (await call('GET', `/api/admin/radiant-mgmt/cost/${target}`)).json() as SyncRunCost;

  it('before any sync: one page at least per list, none of them read yet, and the inventory skipped without a binding', async () => {
    await ctx.deps.db.query('DELETE FROM sync_checkpoints');
    const all = await cost('all');
    // factions 1, galaxy 4, classes 7, types 6; the inventory's lists depend on the binding it lacks.
    expect(all).toMatchObject({ target: 'all', listRequests: 18, unknownLists: 18, detailRequests: 0 });
    expect(all.skipped).toEqual([
      { target: 'inventory', reason: 'needs a SWCombine binding: connect one on SWC Integration (tenant 1324, faction-leader)' },
    ]);
    // The simulator's budget: 600 an hour, 10 % kept for sign-ins and 10 % for roster reads.
    expect(all.backgroundPerHour).toBe(480);
    expect(await cost('systems')).toMatchObject({ listRequests: 1, unknownLists: 1, skipped: [] });
  });

  it.each(['galaxy', '%00'])('answers 400 for the unknown target %j', async (target) => {
    expect((await call('GET', `/api/admin/radiant-mgmt/cost/${target}`)).statusCode).toBe(400);
  });
});
