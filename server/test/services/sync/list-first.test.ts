import type { SyncRunCost, SyncTargetStats } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';
import { connectInventoryBinding, stored, syncNow } from './run-helpers.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  // SWCombine's real budget, the simulator's default: 600 requests an hour, 60 of them kept for sign-ins.
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  await connectInventoryBinding(ctx, admin, 'CHARACTER_READ faction_inv_ships_all');
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
/** Requests the first `all` spent. */
let firstAllSpent = 0;
const pending = async () =>
  (
    await ctx.deps.db.query<{ kind: string; n: number }>(
      `SELECT kind, count(*)::int AS n FROM swc_entities WHERE details_wanted_at IS NOT NULL GROUP BY kind`,
    )
  ).rows;

describe('a first `all` at the default budget of 600 requests an hour', () => {
  it('completes on its list pages alone, within one window, without waiting for the budget', async () => {
    const waits: number[] = [];
    const before = ctx.sim.stats().requests;
    const outcome = await syncNow(ctx, 'all', { run: { sleep: async (ms) => void (waits.push(ms), ctx.clock.advance(ms)) } });
    const spent = ctx.sim.stats().requests - before;
    firstAllSpent = spent;

    expect(outcome).toMatchObject({ state: 'finished', status: 'completed' });
    expect(waits).toEqual([]);
    // About 220 list pages: far below the 480 background requests of one window.
    expect(spent).toBeGreaterThan(200);
    expect(spent).toBeLessThan(250);
    const g = ctx.sim.galaxy;
    for (const kind of ['sectors', 'systems', 'planets', 'stations'] as const) {
      expect((await stored(ctx, kind)).length).toBe(g.catalogue(kind).all.length);
    }
    expect((await stored(ctx, 'inventory')).length).toBeGreaterThan(0);
    // What the lists lack waits for the details fill: every galaxy and type row, nothing else.
    const wanted = new Map((await pending()).map((r) => [r.kind, r.n]));
    expect([...wanted.keys()].sort()).toEqual(
      ['droids', 'facilities', 'items', 'planets', 'sectors', 'ships', 'stations', 'systems', 'vehicles', 'weapons'].sort(),
    );
    expect(wanted.get('systems')).toBe(g.systems.all.length);
  }, 60_000);

  it('shows per target the rows, what the run found, and the details backlog with when it will be done', async () => {
    const now = ctx.clock.now().getTime();
    const res = await ctx.app.inject({ url: '/api/admin/radiant-mgmt/targets', cookies: { portal_session: admin } });
    const stats = new Map((res.json() as SyncTargetStats[]).map((s) => [s.target, s]));
    const systems = stats.get('systems')!;
    const n = ctx.sim.galaxy.systems.all.length;
    expect(systems).toMatchObject({ rows: n, lastRun: { new: n, changed: 0, gone: 0 }, details: { filled: 0, rows: n } });
    // 240 sectors and 2,401 systems at 480 requests an hour: between four and seven hours.
    const systemsDone = Date.parse(systems.details!.completeAt!);
    expect(systemsDone - now).toBeGreaterThan(4 * HOUR);
    expect(systemsDone - now).toBeLessThan(7 * HOUR);
    // Planets and stations are placed by their systems' details: done with the systems.
    expect(Date.parse(stats.get('planets')!.details!.completeAt!)).toBe(systemsDone);
    // The factions' and the inventory's lists say all there is.
    expect(stats.get('factions')).toMatchObject({ details: null, lastRun: { new: expect.any(Number) } });
    expect(stats.get('inventory')!.details).toBeNull();
    const all = stats.get('all')!;
    expect(all.lastCompleteAt).not.toBeNull();
    expect(Date.parse(all.details!.completeAt!)).toBeGreaterThan(systemsDone);
    expect(all.details!.rows).toBe([...stats.values()].filter((s) => s.target !== 'all' && s.details).reduce((sum, s) => sum + s.rows, 0));
  });
});

describe('what the next `all` would cost', () => {
  it('is worked out from the lists as last read: the same pages again, then the details still waiting, at the budget', async () => {
    const now = ctx.clock.now().getTime();
    const res = await ctx.app.inject({ url: '/api/admin/radiant-mgmt/cost/all', cookies: { portal_session: admin } });
    expect(res.statusCode).toBe(200);
    const cost = res.json() as SyncRunCost;
    // Every list's length is known now: a run with nothing changed reads exactly the pages the first one did.
    expect(cost).toMatchObject({ target: 'all', listRequests: firstAllSpent, unknownLists: 0, skipped: [], backgroundPerHour: 480 });
    const waiting = (await pending()).reduce((sum, r) => sum + r.n, 0);
    // Planets and stations mostly cost no call: their systems' details place them.
    expect(cost.detailRequests).toBeGreaterThan(3_000);
    expect(cost.detailRequests).toBeLessThan(waiting);
    const hours = (Date.parse(cost.doneAt!) - now) / HOUR;
    expect(hours).toBeGreaterThan(5);
    expect(hours).toBeLessThan(8);
    expect(Date.parse(cost.listsDoneAt!)).toBeLessThan(Date.parse(cost.doneAt!));
  });
});
