import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SwcBudgetExhausted, type SwcClient } from '../../../src/integrations/swcombine/client.ts';
import type { SyncRunJob } from '../../../src/services/sync/runs.ts';
import { handleSyncJob } from '../../../src/services/sync/job.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';
import { queueRun } from './run-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const runRow = async (id: string) =>
  (await ctx.deps.db.query(`SELECT status, message, progress FROM sync_runs WHERE id = $1`, [id])).rows[0] as {
    status: string;
    message: string | null;
    progress: Record<string, unknown>;
  };

function jobContext() {
  const resent: { data: SyncRunJob; startAfter: Date }[] = [];
  return { resent, ctx: { resend: async (data: SyncRunJob, startAfter: Date) => void resent.push({ data, startAfter }) } };
}

describe('the radiant-sync job', () => {
  it('queues itself again for when the budget allows, instead of waiting long inside the job', async () => {
    const retryAt = new Date(ctx.clock.now().getTime() + 30 * 60_000);
    const exhausted: SwcClient = { ...ctx.deps.swc, webService: () => Promise.reject(new SwcBudgetExhausted(retryAt, 'background')) };
    const runId = await queueRun(ctx, 'factions');
    const job = jobContext();

    expect(await handleSyncJob({ ...ctx.deps, swc: exhausted }, { runId }, job.ctx)).toEqual({ state: 'paused', resumeAt: retryAt });
    expect(job.resent).toEqual([{ data: { runId }, startAfter: retryAt }]);
    expect(await runRow(runId)).toMatchObject({ status: 'running', progress: { target: 'factions', waitingUntil: retryAt.toISOString() } });

    // The continuation, once the budget is back.
    expect(await handleSyncJob(ctx.deps, { runId }, jobContext().ctx)).toMatchObject({ state: 'finished', status: 'completed' });
    expect(await runRow(runId)).toMatchObject({
      status: 'completed',
      message: expect.stringMatching(/^factions: \d+ \(\d+ new\)$/),
      progress: {},
    });
  });

  it('leaves an unexpected failure to pg-boss to retry at once, and ends the run failed after five in a row', async () => {
    const broken: SwcClient = { ...ctx.deps.swc, webService: () => Promise.reject(new Error('connection lost')) };
    const runId = await queueRun(ctx, 'sectors');
    for (let failure = 1; failure < 5; failure++) {
      await expect(handleSyncJob({ ...ctx.deps, swc: broken }, { runId }, jobContext().ctx)).rejects.toThrow('connection lost');
      expect(await runRow(runId)).toMatchObject({ status: 'running' });
    }
    await expect(handleSyncJob({ ...ctx.deps, swc: broken }, { runId }, jobContext().ctx)).rejects.toThrow('connection lost');
    expect(await runRow(runId)).toMatchObject({
      status: 'failed',
      message: 'The sync stopped: connection lost. Start it again; it reads everything once more.',
    });
    // The target is free again.
    await expect(queueRun(ctx, 'sectors')).resolves.toEqual(expect.any(String));
  });

  it('counts only failures in a row: a stored page starts the count over', async () => {
    let calls = 0;
    // Every other call fails: each execution stores one page (a class list) and fails on the next; 7 lists outlast 6 executions.
    const flaky: SwcClient = {
      ...ctx.deps.swc,
      webService: (request) => (++calls % 2 === 0 ? Promise.reject(new Error('connection lost')) : ctx.deps.swc.webService(request)),
    };
    const runId = await queueRun(ctx, 'classes');
    for (let execution = 0; execution < 6; execution++) {
      await expect(handleSyncJob({ ...ctx.deps, swc: flaky }, { runId }, jobContext().ctx)).rejects.toThrow('connection lost');
    }
    expect(await runRow(runId)).toMatchObject({ status: 'running' });
  });

  it('does nothing for a run that has already ended', async () => {
    const runId = await queueRun(ctx, 'weapons');
    await ctx.deps.db.query(`UPDATE sync_runs SET status = 'failed' WHERE id = $1`, [runId]);
    expect(await handleSyncJob(ctx.deps, { runId }, jobContext().ctx)).toEqual({ state: 'ended' });
  });
});
