import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_CLIENT } from '../../../src/config.ts';
import { createSwcBudget } from '../../../src/services/swcombine/budget.ts';
import { SwcApiError, SwcUpstreamError, type SwcClient } from '../../../src/integrations/swcombine/client.ts';
import { createSwcClient } from '../../../src/integrations/swcombine/oauth-client.ts';
import { readBudget } from '../../../src/services/swcombine/queries/budget.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, DASHBOARD, type TestContext } from '../../helpers/test-app.ts';
import { fillNow, stored, syncNow } from '../sync/run-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  // 20 requests a minute, 2 of them kept for sign-ins and 2 for roster reads: the 49 droid requests (a list page, then 48
  // types' details) take four windows.
  ctx = await createTestApp({ SWC_SIMULATOR_RATE_LIMIT: '20', SWC_SIMULATOR_RATE_WINDOW_S: '60' });
});
afterAll(() => ctx.close());

describe('the request budget', () => {
  it('is never exceeded: the details fill waits for each new window, and a new player signs in while it waits', async () => {
    let signedIn: Awaited<ReturnType<typeof signIn>> | undefined;
    const waits: number[] = [];
    const leftAtWaits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      leftAtWaits.push((await readBudget(ctx.deps.db))!.remaining);
      // The background share is used up; the reserve is still there for a sign-in.
      signedIn ??= await signIn(ctx, '1:100002');
      ctx.clock.advance(ms);
    };
    expect(await syncNow(ctx, 'droids', { run: { sleep } })).toMatchObject({ status: 'completed', message: 'droids: 48 (48 new)' });
    expect(await fillNow(ctx, { fill: { sleep } })).toEqual({ state: 'done', filled: 48 });

    expect(signedIn!.response.statusCode).toBe(302);
    expect(signedIn!.response.headers.location).toBe(DASHBOARD);
    expect(ctx.sim.stats().overLimit).toBe(0);
    expect(waits.length).toBe(3);
    // The fill stopped where only the 2 requests kept for sign-ins and the 2 for roster reads were left.
    expect(leftAtWaits.every((left) => left === 4)).toBe(true);
    expect(await stored(ctx, 'droids')).toHaveLength(48);
    expect((await stored(ctx, 'droids')).filter((d) => d.class === null)).toEqual([]);
  });
});

/** The simulator's client, but the first `failures` calls fail with `error`. */
function failingFirst(failures: number, error: () => Error): SwcClient & { calls: () => number } {
  let calls = 0;
  return {
    ...ctx.deps.swc,
    webService: (request) => (++calls <= failures ? Promise.reject(error()) : ctx.deps.swc.webService(request)),
    calls: () => calls,
  };
}

describe('SWCombine failures', () => {
  it('are tried again after a pause, and the run completes', async () => {
    const swc = failingFirst(2, () => new SwcApiError(502, 'SWCombine refused the faction list: HTTP 502'));
    const slept: number[] = [];
    const outcome = await syncNow(ctx, 'factions', { swc, run: { sleep: async (ms) => void slept.push(ms) } });
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(slept).toEqual([1000, 2000]);
  });

  it('end the run failed after four tries, saying why and what to do', async () => {
    const swc = failingFirst(99, () => new SwcUpstreamError('SWCombine is unreachable: connect ECONNREFUSED'));
    const outcome = await syncNow(ctx, 'factions', { swc });
    expect(outcome).toEqual({
      state: 'finished',
      status: 'failed',
      message: 'SWCombine is unreachable: connect ECONNREFUSED (tried 4 times). Start the sync again when SWCombine answers.',
      runId: outcome.runId,
    });
    expect(swc.calls()).toBe(4);
    const { rows } = await ctx.deps.db.query(`SELECT status, message, finished_at FROM sync_runs WHERE id = $1`, [outcome.runId]);
    expect(rows[0]).toMatchObject({ status: 'failed', message: outcome.state === 'finished' ? outcome.message : '' });
    const audited = await ctx.deps.db.query(`SELECT details FROM audit_log WHERE event = 'sync_failed'`);
    expect(audited.rows).toContainEqual({ details: { target: 'factions', runId: outcome.runId, reason: rows[0].message } });
  });

  it('that cannot be helped by trying again (a refused request) fail at once', async () => {
    const swc = failingFirst(99, () => new SwcApiError(404, 'SWCombine refused the faction list: not found'));
    expect(await syncNow(ctx, 'factions', { swc })).toMatchObject({
      status: 'failed',
      message: 'SWCombine refused the faction list: not found',
    });
    expect(swc.calls()).toBe(1);
  });
});

describe('a reserve that leaves background work nothing', () => {
  it('fails the run after three budget windows without a request, saying the reserve leaves no room', async () => {
    // SWCombine's limit turned out no larger than the reserve: every background call is refused.
    const budget = createSwcBudget({
      db: ctx.deps.db,
      clock: ctx.clock,
      reserve: { count: 20, percent: 0 },
      assumedLimit: 20,
      windowSeconds: 60,
    });
    const swc = createSwcClient({ baseUrl: ctx.simulatorUrl, ...SIMULATOR_CLIENT, clock: ctx.clock, budget });
    const waits: number[] = [];
    const outcome = await syncNow(ctx, 'factions', { swc, run: { sleep: async (ms) => void (waits.push(ms), ctx.clock.advance(ms)) } });
    expect(outcome).toMatchObject({
      state: 'finished',
      status: 'failed',
      message:
        'The sync got no SWCombine request in 3 windows of the request budget: the reserve for sign-ins (SWC_BUDGET_RESERVE) ' +
        'leaves no room for background work. Lower it, then start the sync again.',
    });
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(3 * 60_000);
  });
});
