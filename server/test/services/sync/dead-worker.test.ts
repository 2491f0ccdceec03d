import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWorkerPresence, WORKER_LOCK_SPACE, type WorkerPresence } from '../../../src/db/worker-presence.ts';
import { handleSyncJob } from '../../../src/services/sync/job.ts';
import { runSync } from '../../../src/services/sync/run-sync.ts';
import { requeueStalledRuns } from '../../../src/services/sync/sweep.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';
import { hangingAt, queueRun, stored, testRunOptions } from './run-helpers.ts';

let ctx: TestContext;
let schema: string;
const presences: WorkerPresence[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  schema = (await ctx.deps.db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
});
afterAll(async () => {
  for (const p of presences) await p.close();
  await ctx.close();
});

/** A worker process's presence, as `work()` holds it (a second call stands for another replica). */
async function worker(): Promise<WorkerPresence> {
  const presence = await startWorkerPresence(inject('databaseUrl'), { schema, reconnectMs: 50 });
  presences.push(presence);
  return presence;
}

const requests = () => ctx.sim.stats().requests;
const noResend = { resend: async () => undefined };
const handedOver = (from: number) => ctx.sentJobs.slice(from).map((j) => (j.data as { runId: string }).runId);
const sweep = async () => (await requeueStalledRuns(ctx.deps)).requeued;
/** The PostgreSQL session (pid) holding worker `id`'s presence lock, or null. */
async function lockHolder(id: number): Promise<number | null> {
  const { rows } = await ctx.deps.db.query<{ pid: number }>(
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1::int::oid AND objid = $2::int::oid AND objsubid = 2`,
    [WORKER_LOCK_SPACE, id],
  );
  return rows[0]?.pid ?? null;
}
const kindsOf = (classes: { uid: string }[]) => [...new Set(classes.map((c) => c.uid.split(':')[0]))].sort();

/** A classes run whose job, on `presence`'s worker, stored five class lists and hangs on the sixth call. */
async function runHungOn(presence: WorkerPresence) {
  await ctx.deps.db.query(`DELETE FROM swc_entities WHERE kind = 'classes'`);
  const runId = await queueRun(ctx, 'classes');
  const hung = hangingAt(ctx, 6);
  const job = runSync({ ...ctx.deps, swc: hung.swc }, runId, testRunOptions(ctx, { worker: presence.id() }));
  await hung.hung;
  return { runId, job, release: hung.release };
}

describe('a run whose worker process is dead', () => {
  it('is resumed by the next sweep without waiting for its lease, with no row missing or read twice', async () => {
    const dying = await worker();
    const { runId, job, release } = await runHungOn(dying);
    expect(await sweep()).toBe(0);

    // The process dies: PostgreSQL ends its session, and the presence lock with it. The lease has a minute left.
    await dying.close();
    const sent = ctx.sentJobs.length;
    await expect.poll(sweep).toBe(1);
    expect(handedOver(sent)).toEqual([runId]);

    const before = requests();
    expect(await handleSyncJob(ctx.deps, { runId }, { ...noResend, worker: (await worker()).id() })).toMatchObject({
      status: 'completed',
      message: 'classes: 47 (47 new)',
    });
    // The two lists not yet read (droids, weapons), each once.
    expect(requests() - before).toBe(2);
    const classes = await stored(ctx, 'classes');
    expect(classes).toHaveLength(47);
    expect(kindsOf(classes)).toEqual(['droids', 'facilities', 'items', 'ships', 'stations', 'vehicles', 'weapons']);
    release();
    expect(await job).toEqual({ state: 'superseded' });
  });
});

describe('a run whose worker process lives', () => {
  it('stays with its job, whichever replica sweeps, until its lease runs out', async () => {
    const busy = await worker();
    await worker(); // another replica, sweeping too
    const { runId, job, release } = await runHungOn(busy);
    expect(await sweep()).toBe(0);

    // A job that hangs on a live worker still loses the run when its lease runs out.
    ctx.clock.advance(61_000);
    const sent = ctx.sentJobs.length;
    expect(await sweep()).toBe(1);
    expect(handedOver(sent)).toEqual([runId]);
    release();
    expect(await job).toEqual({ state: 'superseded' });
    await handleSyncJob(ctx.deps, { runId }, noResend);
  });

  it('keeps its run when its database connection drops for a moment: it takes its lock again', async () => {
    const blinking = await worker();
    const id = blinking.id();
    const { runId, job, release } = await runHungOn(blinking);

    const holder = await lockHolder(id!);
    await ctx.deps.db.query('SELECT pg_terminate_backend($1)', [holder]);
    // Held again, by a new session.
    await expect.poll(async () => [null, holder].includes(await lockHolder(id!))).toBe(false);
    expect(blinking.id()).toBe(id);
    expect(await sweep()).toBe(0);

    release();
    expect(await job).toMatchObject({ state: 'finished', status: 'completed' });
    expect(await ctx.deps.db.query(`SELECT status FROM sync_runs WHERE id = $1`, [runId])).toMatchObject({
      rows: [{ status: 'completed' }],
    });
  });
});
