import type { SyncTarget } from '@portal/contract';
import type { SwcClient } from '../../../src/integrations/swcombine/client.ts';
import { fillDetails, type FillOptions, type FillOutcome } from '../../../src/services/sync/fill-details.ts';
import { triggerSync } from '../../../src/services/sync/runs.ts';
import { runSync, type SyncOutcome, type SyncRunOptions } from '../../../src/services/sync/run-sync.ts';
import { expect } from 'vitest';
import { approveAtSimulator, cookieValue } from '../../helpers/sign-in.ts';
import type { TestContext } from '../../helpers/test-app.ts';

export const META = { ip: '127.0.0.1', userAgent: 'vitest' };

/** The admin who triggers runs (a user row the run's requested_by can point at). */
export async function adminUserId(ctx: TestContext): Promise<string> {
  const { rows } = await ctx.deps.db.query<{ id: string }>(
    `INSERT INTO users (uid, name) VALUES ('1:100001', 'Jorin Vex') ON CONFLICT (uid) DO UPDATE SET uid = EXCLUDED.uid RETURNING id`,
  );
  return rows[0]!.id;
}

/** The test's way of waiting: the clock (shared with the simulator) moves instead of time passing. */
export const testRunOptions = (ctx: TestContext, overrides: Partial<SyncRunOptions> = {}): SyncRunOptions => ({
  sleep: async (ms) => ctx.clock.advance(ms),
  maxSleepMs: 3_600_000,
  shouldStop: () => false,
  ...overrides,
});

/** Queues a run of `target` as the admin and answers its id (the job the app handed over names it). */
export async function queueRun(ctx: TestContext, target: SyncTarget): Promise<string> {
  await triggerSync(ctx.deps, target, { userId: await adminUserId(ctx) }, META);
  const job = ctx.sentJobs.at(-1)!;
  return (job.data as { runId: string }).runId;
}

/** Queues and runs a sync to its end as the worker would; `swc` swaps the SWCombine client (faults). */
export async function syncNow(
  ctx: TestContext,
  target: SyncTarget,
  opts: { swc?: SwcClient; run?: Partial<SyncRunOptions> } = {},
): Promise<SyncOutcome & { runId: string }> {
  const runId = await queueRun(ctx, target);
  const outcome = await runSync({ ...ctx.deps, swc: opts.swc ?? ctx.deps.swc }, runId, testRunOptions(ctx, opts.run));
  return { ...outcome, runId };
}

/** The simulator's client, but the `n`th call hangs (as a SWCombine that stops answering) until released. */
export function hangingAt(ctx: TestContext, n: number) {
  let calls = 0;
  let reached!: () => void;
  let release!: () => void;
  const hung = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const swc: SwcClient = {
    ...ctx.deps.swc,
    webService: async (request) => {
      if (++calls === n) {
        reached();
        await released;
      }
      return ctx.deps.swc.webService(request);
    },
  };
  return { swc, hung, release };
}

export const stored = async (ctx: TestContext, kind: string) =>
  (
    await ctx.deps.db.query<{ uid: string; name: string; gone: boolean; class: string | null }>(
      `SELECT uid, name, gone_at IS NOT NULL AS gone, class FROM swc_entities WHERE kind = $1 ORDER BY uid`,
      [kind],
    )
  ).rows;

/** The simulator's client, counting the detail calls answered (`/galaxy/systems/9:1`, `/types/droids/3:1`) per kind. */
export function countingDetails(ctx: TestContext): { swc: SwcClient; details(): Record<string, number> } {
  const counts: Record<string, number> = {};
  return {
    swc: {
      ...ctx.deps.swc,
      webService: async (request) => {
        const answer = await ctx.deps.swc.webService(request);
        // Not before the answer: a call the request budget held back is tried again.
        const kind = /^\/(?:galaxy|types)\/(?!classes\/)(\w+)\/[^/]+$/.exec(request.path)?.[1];
        if (kind) counts[kind] = (counts[kind] ?? 0) + 1;
        return answer;
      },
    },
    details: () => ({ ...counts }),
  };
}

/** Fills in every pending detail as the worker's details job would, to the end (the clock moves over budget waits). */
export async function fillNow(ctx: TestContext, opts: { swc?: SwcClient; fill?: Partial<FillOptions> } = {}): Promise<FillOutcome> {
  return fillDetails(
    { ...ctx.deps, swc: opts.swc ?? ctx.deps.swc },
    { sleep: async (ms) => ctx.clock.advance(ms), maxSleepMs: 3_600_000, shouldStop: () => false, ...opts.fill },
  );
}

/** Queues and runs a sync, then fills in the details its lists lacked. */
export async function syncWithDetails(ctx: TestContext, target: SyncTarget, opts: { swc?: SwcClient } = {}) {
  const outcome = await syncNow(ctx, target, opts);
  const filled = await fillNow(ctx, opts);
  return { ...outcome, filled };
}

/** Save & Connect on SWC Integration as the admin; Jorin Vex (Galactic Weapon Systems) grants the scopes. */
export async function connectInventoryBinding(ctx: TestContext, adminCookie: string, scopes: string): Promise<void> {
  const start = await ctx.app.inject({
    url: `/api/admin/swc/connect?tenant_id=1324&actor=faction-leader&requested_scopes=${encodeURIComponent(scopes)}`,
    cookies: { portal_session: adminCookie },
    headers: { 'sec-fetch-site': 'same-origin' }, // the portal's own Save & Connect navigation
  });
  expect(start.statusCode).toBe(302);
  const callback = new URL(await approveAtSimulator(start.headers.location!, '1:100001'));
  const done = await ctx.app.inject({
    url: callback.pathname + callback.search,
    cookies: { portal_login_state: cookieValue(start, 'portal_login_state')!, portal_session: adminCookie },
  });
  expect(done.statusCode).toBe(302);
}
