import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SwcBudgetExhausted, type SwcClient } from '../../../src/integrations/swcombine/client.ts';
import { closeTarget } from '../../../src/services/sync/queries/checkpoints.ts';
import { takeLease } from '../../../src/services/sync/queries/leases.ts';
import { handleSyncJob } from '../../../src/services/sync/job.ts';
import { runSync } from '../../../src/services/sync/run-sync.ts';
import { requeueStalledRuns } from '../../../src/services/sync/sweep.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';
import { hangingAt, queueRun, stored, testRunOptions } from './run-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const requests = () => ctx.sim.stats().requests;
const PAST_LEASE = 61_000;
const noResend = { resend: async () => undefined };

/** The jobs the sweep handed over since `from`, by run id. */
const handedOver = (from: number) => ctx.sentJobs.slice(from).map((j) => (j.data as { runId: string }).runId);

const runRow = async (id: string) =>
  (await ctx.deps.db.query(`SELECT status, message FROM sync_runs WHERE id = $1`, [id])).rows[0] as { status: string; message: string };

describe('a run is worked by one job at a time', () => {
  it('a second job for a run another job is working stops at once, sending nothing', async () => {
    const runId = await queueRun(ctx, 'factions');
    const until = new Date(ctx.clock.now().getTime() + 60_000);
    expect(await takeLease(ctx.deps.db, { runId, holder: 'first-job', until }, ctx.clock.now())).toBe(true);
    const before = requests();
    expect(await runSync(ctx.deps, runId, testRunOptions(ctx))).toEqual({ state: 'superseded' });
    expect(requests()).toBe(before);
    await ctx.deps.db.query(`UPDATE sync_runs SET status = 'failed' WHERE id = $1`, [runId]);
  });

  it('a job that hung past its lease stores nothing when it comes back: the job that took over owns the run', async () => {
    await ctx.deps.db.query(`DELETE FROM swc_entities WHERE kind = 'classes'`);
    const runId = await queueRun(ctx, 'classes');
    // The first job stores two class lists (a page each), then its third call hangs.
    const first = hangingAt(ctx, 3);
    const firstJob = runSync({ ...ctx.deps, swc: first.swc }, runId, testRunOptions(ctx));
    await first.hung;

    ctx.clock.advance(PAST_LEASE);
    const sent = ctx.sentJobs.length;
    expect(await requeueStalledRuns(ctx.deps)).toEqual({ requeued: 1 });
    expect(handedOver(sent)).toEqual([runId]);
    // The new job reads one page, and its time slice ends.
    let pages = 0;
    const opts = testRunOptions(ctx, { shouldStop: () => ++pages > 1 });
    expect(await runSync(ctx.deps, runId, opts)).toMatchObject({ state: 'paused' });

    // The first job's call answers: its page (read from where it stood) is not stored.
    first.release();
    expect(await firstJob).toEqual({ state: 'superseded' });

    expect(await runSync(ctx.deps, runId, testRunOptions(ctx))).toMatchObject({ status: 'completed', message: 'classes: 47 (47 new)' });
    const classes = await stored(ctx, 'classes');
    expect(classes).toHaveLength(47);
    expect(classes.every((c) => !c.gone)).toBe(true);
  });

  it('a target is closed once even when asked twice', async () => {
    const runId = await queueRun(ctx, 'stations');
    await closeTarget(ctx.deps.db, runId, 'stations', 0, ctx.clock.now());
    await expect(closeTarget(ctx.deps.db, runId, 'stations', 0, ctx.clock.now())).resolves.toBeUndefined();
    await ctx.deps.db.query(`UPDATE sync_runs SET status = 'failed' WHERE id = $1`, [runId]);
  });
});

describe('a run whose job died', () => {
  it('resumes from its checkpoint within a minute through the sweep, with no row missing or read twice', async () => {
    await ctx.deps.db.query(`DELETE FROM swc_entities WHERE kind = 'classes'`);
    const runId = await queueRun(ctx, 'classes');
    // Five class lists stored (ships, vehicles, stations, facilities, items), then the process is killed during the
    // sixth call: nothing more happens, the lease is kept.
    const killed = hangingAt(ctx, 6);
    void runSync({ ...ctx.deps, swc: killed.swc }, runId, testRunOptions(ctx));
    await killed.hung;
    const kindsOf = (classes: { uid: string }[]) => [...new Set(classes.map((c) => c.uid.split(':')[0]))].sort();
    expect(kindsOf(await stored(ctx, 'classes'))).toEqual(['facilities', 'items', 'ships', 'stations', 'vehicles']);

    // pg-boss's retry finds the lease held; the sweep leaves the run alone until the lease runs out.
    expect(await handleSyncJob(ctx.deps, { runId }, noResend)).toEqual({ state: 'superseded' });
    const sent = ctx.sentJobs.length;
    ctx.clock.advance(30_000);
    expect(await requeueStalledRuns(ctx.deps)).toEqual({ requeued: 0 });
    ctx.clock.advance(PAST_LEASE - 30_000);
    expect(await requeueStalledRuns(ctx.deps)).toEqual({ requeued: 1 });
    expect(handedOver(sent)).toEqual([runId]);

    const before = requests();
    expect(await handleSyncJob(ctx.deps, { runId }, noResend)).toMatchObject({ status: 'completed', message: 'classes: 47 (47 new)' });
    // The two lists not yet read (droids, weapons), each once.
    expect(requests() - before).toBe(2);
    const classes = await stored(ctx, 'classes');
    expect(classes).toHaveLength(47);
    expect(kindsOf(classes)).toEqual(['droids', 'facilities', 'items', 'ships', 'stations', 'vehicles', 'weapons']);
  });

  it('a queued run whose job vanished is handed to a new job instead of blocking its target', async () => {
    const runId = await queueRun(ctx, 'factions');
    ctx.sentJobs.pop(); // lost on the way to the worker
    const sent = ctx.sentJobs.length;
    ctx.clock.advance(PAST_LEASE);
    expect(await requeueStalledRuns(ctx.deps)).toEqual({ requeued: 1 });
    expect(handedOver(sent)).toEqual([runId]);
    expect(await handleSyncJob(ctx.deps, { runId }, noResend)).toMatchObject({ state: 'finished', status: 'completed' });
    expect(await runRow(runId)).toMatchObject({ status: 'completed' });
  });

  it('a run paused for the budget is left to its continuation until it is due', async () => {
    const retryAt = new Date(ctx.clock.now().getTime() + 30 * 60_000);
    const exhausted: SwcClient = { ...ctx.deps.swc, webService: () => Promise.reject(new SwcBudgetExhausted(retryAt, 'background')) };
    const runId = await queueRun(ctx, 'factions');
    expect(await runSync({ ...ctx.deps, swc: exhausted }, runId, testRunOptions(ctx, { maxSleepMs: 60_000 }))).toEqual({
      state: 'paused',
      resumeAt: retryAt,
    });
    ctx.clock.advance(29 * 60_000);
    expect(await requeueStalledRuns(ctx.deps)).toEqual({ requeued: 0 });
    // The continuation takes it when due.
    ctx.clock.advance(60_000);
    expect(await handleSyncJob(ctx.deps, { runId }, noResend)).toMatchObject({ state: 'finished', status: 'completed' });
  });
});
