import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../../src/config.ts';
import { SwcBudgetExhausted, type SwcCallClass, type SwcClient } from '../../../src/integrations/swcombine/client.ts';
import { budgetStatus } from '../../../src/services/swcombine/budget.ts';
import { setUpSwc, type SwcSetup } from '../../helpers/swc-setup.ts';

let t: SwcSetup;
afterEach(() => t.close());

/** One web-service call (a public one: no token needed); answers 'served' or the budget's refusal. */
const call = (swc: SwcClient, callClass: SwcCallClass) =>
  swc
    .webService({ path: '/factions/', query: { item_count: 1 }, callClass, schema: z.unknown(), what: 'the faction list' })
    .then(() => 'served' as const)
    .catch((err: unknown) => {
      if (err instanceof SwcBudgetExhausted) return err;
      throw err;
    });

async function callTimes(n: number, callClass: SwcCallClass, swc = t.swc) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await call(swc, callClass));
  return results;
}

/** What the operator sees: the budget with its limit from the deployment's config (the simulator's limit). */
const status = (limit: number, reserve = '10%') =>
  budgetStatus({
    db: t.db,
    clock: t.clock,
    config: loadConfig({ SWC_SIMULATOR_RATE_LIMIT: String(limit), SWC_BUDGET_RESERVE: reserve }),
  });

/** When the simulator's current window ends. */
async function simulatorReset() {
  const res = await fetch(`${t.sim.url}/ws/v2.0/ratelimits`, { headers: { Accept: 'application/json' } });
  return new Date(Number(res.headers.get('x-ratelimit-reset')) * 1000);
}

describe('the SWCombine request budget', () => {
  it('follows SWCombine’s X-RateLimit answers: limit, remaining and reset', async () => {
    t = await setUpSwc({ rateLimit: 20, assumedLimit: 600 });
    expect(await callTimes(3, 'interactive')).toEqual(['served', 'served', 'served']);
    const reset = await simulatorReset(); // a fourth request, made outside the budget
    expect(await status(600)).toEqual({ limit: 20, remaining: 17, reserve: 2, rosterReserve: 2, resetAt: reset });
    await call(t.swc, 'interactive');
    expect((await status(600)).remaining).toBe(15); // SWCombine counted the request made elsewhere too
  });

  it('keeps the reserve from background work and lets interactive work take it', async () => {
    t = await setUpSwc({ rateLimit: 10, reserve: { count: 3, percent: 0 } });
    const background = await callTimes(8, 'background');
    expect(background.slice(0, 7)).toEqual(Array(7).fill('served'));
    expect(background[7]).toBeInstanceOf(SwcBudgetExhausted);
    expect(t.sim.stats().requests).toBe(7);

    const interactive = await callTimes(4, 'interactive');
    expect(interactive.slice(0, 3)).toEqual(['served', 'served', 'served']);
    expect(interactive[3]).toBeInstanceOf(SwcBudgetExhausted);
    expect(t.sim.stats()).toMatchObject({ requests: 10, overLimit: 0 });
  });

  it('keeps a share for roster reads that the data sync cannot take: a sync never starves the roster', async () => {
    t = await setUpSwc({ rateLimit: 10, reserve: { count: 2, percent: 0 }, rosterReserve: { count: 3, percent: 0 } });
    const sync = await callTimes(6, 'background');
    expect(sync.slice(0, 5)).toEqual(Array(5).fill('served'));
    expect(sync[5]).toBeInstanceOf(SwcBudgetExhausted);

    // Rosters end access, so they come before bulk data: they take their share, and leave the sign-ins theirs.
    const roster = await callTimes(4, 'roster');
    expect(roster.slice(0, 3)).toEqual(['served', 'served', 'served']);
    expect(roster[3]).toMatchObject({ callClass: 'roster' });
    expect(await callTimes(2, 'interactive')).toEqual(['served', 'served']);
    expect(t.sim.stats()).toMatchObject({ requests: 10, overLimit: 0 });
  });

  it('shows the rosters’ share beside the sign-ins’ reserve', async () => {
    t = await setUpSwc({ rateLimit: 20 });
    await callTimes(1, 'interactive');
    expect(await status(20)).toMatchObject({ limit: 20, reserve: 2, rosterReserve: 2 });
  });

  it('says when an exhausted budget is back, and serves again after the window resets', async () => {
    t = await setUpSwc({ rateLimit: 2 });
    await callTimes(2, 'interactive');
    const [refused] = await callTimes(1, 'interactive');
    const reset = await simulatorReset();
    expect(refused).toMatchObject({ retryAt: reset, callClass: 'interactive' });

    t.clock.advance(reset.getTime() - t.clock.now().getTime());
    expect(await callTimes(1, 'background')).toEqual(['served']);
    expect(await callTimes(1, 'interactive')).toEqual(['served']);
    expect(t.sim.stats().overLimit).toBe(1); // only the probe above, made outside the budget
  });

  it('treats SWCombine’s over-limit answer as an empty budget until its reset', async () => {
    t = await setUpSwc({ rateLimit: 3 });
    // Someone else on the same IP spends SWCombine's requests without our budget knowing.
    for (let i = 0; i < 3; i++) await fetch(`${t.sim.url}/ws/v2.0/factions/`, { headers: { Accept: 'application/json' } });
    const reset = await simulatorReset();

    const [refused] = await callTimes(1, 'interactive');
    expect(refused).toMatchObject({ retryAt: reset });
    expect(await status(3)).toMatchObject({ remaining: 0, resetAt: reset });
    const sent = t.sim.stats().requests;
    await callTimes(2, 'interactive');
    expect(t.sim.stats().requests).toBe(sent); // nothing goes out until the reset
  });

  it('is shared by replicas on one database: together they never exceed the limit', async () => {
    t = await setUpSwc({ rateLimit: 12, reserve: { count: 0, percent: 0 } });
    const replicas = [t.swc, t.replica(), t.replica()];
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => call(replicas[i % 3]!, 'background')));
    expect(results.filter((r) => r === 'served')).toHaveLength(12);
    expect(results.filter((r) => r instanceof SwcBudgetExhausted)).toHaveLength(18);
    expect(t.sim.stats()).toMatchObject({ served: 12, overLimit: 0 });
    expect((await status(12, '0')).remaining).toBe(0);
  });
});
