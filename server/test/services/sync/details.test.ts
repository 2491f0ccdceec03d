import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwcClient } from '../../../src/integrations/swcombine/client.ts';
import { startDetailsFill, SYNC_DETAILS_JOB } from '../../../src/services/sync/details-job.ts';
import { handleSyncJob } from '../../../src/services/sync/job.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';
import { fillNow, hangingAt, stored, syncNow } from './run-helpers.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp({ SWC_SIMULATOR_RATE_LIMIT: '100000', SWC_SIMULATOR_RATE_WINDOW_S: '60' });
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(() => ctx.close());

/** The simulator's client, recording the path of every detail call (`/galaxy/systems/9:5`) in order. */
function recordingDetails(swc: SwcClient = ctx.deps.swc) {
  const paths: string[] = [];
  const client: SwcClient = {
    ...swc,
    webService: async (request) => {
      const answer = await swc.webService(request);
      if (/^\/(?:galaxy|types)\/(?!classes\/)\w+\/[^/]+$/.test(request.path)) paths.push(request.path);
      return answer;
    },
  };
  return { swc: client, paths };
}

const wantedCount = async (kind: string) =>
  (
    await ctx.deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM swc_entities WHERE kind = $1 AND details_wanted_at IS NOT NULL AND gone_at IS NULL`,
      [kind],
    )
  ).rows[0]!.n;

describe('the details fill', () => {
  it("reads the most recent run's new and changed rows first, and systems before the planets they place", async () => {
    for (const target of ['sectors', 'systems', 'planets'] as const)
      expect(await syncNow(ctx, target)).toMatchObject({ status: 'completed' });
    const { renamed, added } = ctx.sim.mutate({ rename: ['9:5'], add: { systems: 2 } });
    ctx.clock.advance(60_000);
    expect(await syncNow(ctx, 'systems')).toMatchObject({ message: expect.stringContaining('2 new, 1 changed') });

    const recording = recordingDetails();
    expect(await fillNow(ctx, { swc: recording.swc, fill: { shouldStop: () => recording.paths.length >= 10 } })).toMatchObject({
      state: 'paused',
    });
    const newest = [...renamed, ...added].sort().map((uid) => `/galaxy/systems/${encodeURIComponent(uid)}`);
    expect(recording.paths.slice(0, 3)).toEqual(newest);
    // Then the first run's rows, in the order `all` reads the kinds: sectors first.
    expect(recording.paths.slice(3).every((p) => p.startsWith('/galaxy/sectors/'))).toBe(true);
    // The planets of a system whose details are in took their place from them, without a call.
    const planetsOf95 = ctx.sim.galaxy.childrenOf('planets', '9:5').map((p) => p.uid);
    const placed = await ctx.deps.db.query(
      `SELECT uid FROM swc_entities WHERE kind = 'planets' AND uid = ANY($1) AND details_wanted_at IS NULL AND parent_uid = '9:5'`,
      [planetsOf95],
    );
    expect(placed.rowCount).toBe(planetsOf95.length);
    expect(recording.paths.some((p) => p.startsWith('/galaxy/planets/'))).toBe(false);
  });

  it('goes on after a crash at the first row without details, losing at most the call in flight', async () => {
    ctx.clock.advance(60_000);
    expect(await syncNow(ctx, 'droids')).toMatchObject({ message: 'droids: 48 (48 new)' });
    // A job dies (as with kill -9) during its 5th call: its lease stays behind, nothing releases it.
    const hanging = hangingAt(ctx, 5);
    const dead = fillNow(ctx, { swc: hanging.swc });
    await hanging.hung;
    expect(await startDetailsFill(ctx.deps)).toEqual({ started: false });

    ctx.clock.advance(61_000);
    ctx.sentJobs.length = 0;
    expect(await startDetailsFill(ctx.deps)).toEqual({ started: true });
    expect(ctx.sentJobs).toEqual([{ name: SYNC_DETAILS_JOB, data: {} }]);
    const recording = recordingDetails();
    expect(await fillNow(ctx, { swc: recording.swc, fill: { shouldStop: () => recording.paths.length >= 44 } })).toMatchObject({
      state: 'paused',
    });
    expect(recording.paths.every((p) => p.startsWith('/types/droids/'))).toBe(true);
    expect(await wantedCount('droids')).toBe(0);
    expect((await stored(ctx, 'droids')).filter((d) => d.class === null)).toEqual([]);

    // The job that hung comes back: the fill is no longer its own, and it stores nothing.
    hanging.release();
    expect(await dead).toEqual({ state: 'superseded' });
  });

  it('never blocks a trigger: a run is queued while it works, and the fill steps aside until the run has ended', async () => {
    const hanging = hangingAt(ctx, 2);
    const filling = fillNow(ctx, { swc: hanging.swc });
    await hanging.hung;
    const trigger = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/radiant-mgmt/sync/factions',
      cookies: { portal_session: admin },
    });
    expect(trigger.statusCode).toBe(202);
    hanging.release();
    // It stores the row it was reading, then leaves the budget to the run.
    expect(await filling).toEqual({ state: 'yielded', filled: 2 });
    expect(await startDetailsFill(ctx.deps)).toEqual({ started: false });

    const runId = (ctx.sentJobs.at(-1)!.data as { runId: string }).runId;
    ctx.sentJobs.length = 0;
    expect(await handleSyncJob(ctx.deps, { runId }, { resend: async () => undefined })).toMatchObject({ status: 'completed' });
    // The run's end starts the fill again.
    expect(ctx.sentJobs).toEqual([{ name: SYNC_DETAILS_JOB, data: {} }]);
  });
});
