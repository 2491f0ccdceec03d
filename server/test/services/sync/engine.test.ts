import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwcClient } from '../../../src/integrations/swcombine/client.ts';
import { Conflict } from '../../../src/lib/errors.ts';
import { listSyncRuns } from '../../../src/services/sync/runs.ts';
import { runSync } from '../../../src/services/sync/run-sync.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';
import { GALAXY_TARGETS, simulatorPlacements, storedPlacements, type GalaxyTarget } from './galaxy-placements.ts';
import { adminUserId, countingDetails, fillNow, queueRun, stored, syncNow, testRunOptions } from './run-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  // The top three rows of the simulator's galaxy (48 sectors, 480 systems, their planets and stations): a whole galaxy
  // of details is a detail call and a transaction a row, 2,640 of them in the full one.
  ctx = await createTestApp({}, {}, { galaxyRows: 3 });
});
afterAll(() => ctx.close());

const requests = () => ctx.sim.stats().requests;

const pages = (rows: number) => Math.ceil(rows / 50);
const counted = (n: number) => n.toLocaleString('en-US');
const galaxySize = (kind: GalaxyTarget) => ctx.sim.galaxy.catalogue(kind).all.length;

const pendingDetails = async (kind: string) =>
  (
    await ctx.deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM swc_entities WHERE kind = $1 AND gone_at IS NULL AND details_wanted_at IS NOT NULL`,
      [kind],
    )
  ).rows[0]!.n;

describe('a full sync', () => {
  it('completes when the lists are read: every row stored from its list page, its details pending', async () => {
    const counting = countingDetails(ctx);
    const before = requests();
    for (const target of ['factions', ...GALAXY_TARGETS] as const) {
      expect(await syncNow(ctx, target, { swc: counting.swc })).toMatchObject({ state: 'finished', status: 'completed' });
    }
    const listPages =
      pages((await stored(ctx, 'factions')).length) + GALAXY_TARGETS.reduce((sum, kind) => sum + pages(galaxySize(kind)), 0);
    expect(requests() - before).toBe(listPages);
    expect(counting.details()).toEqual({});
    for (const kind of GALAXY_TARGETS) {
      expect((await stored(ctx, kind)).map((r) => r.uid)).toEqual(simulatorPlacements(ctx, kind).map((p) => p.uid));
      expect(await pendingDetails(kind)).toBe(galaxySize(kind));
    }
    expect(await pendingDetails('factions')).toBe(0);
  }, 180_000);

  it('then fills in parents and coordinates as the simulator has them; planets and stations cost no detail call', async () => {
    const counting = countingDetails(ctx);
    expect(await fillNow(ctx, { swc: counting.swc })).toMatchObject({ state: 'done' });
    for (const kind of GALAXY_TARGETS) {
      expect(await storedPlacements(ctx, kind)).toEqual(simulatorPlacements(ctx, kind));
      expect(await pendingDetails(kind)).toBe(0);
    }
    // A detail call per sector and system; planets and stations are placed from their system's detail.
    expect(counting.details()).toEqual({ sectors: galaxySize('sectors'), systems: galaxySize('systems') });

    const systems = await stored(ctx, 'systems');
    for (const uid of ['9:1', '9:234', `9:${galaxySize('systems')}`]) {
      expect(systems.find((s) => s.uid === uid)?.name).toBe(ctx.sim.galaxy.systems.get(uid)!.name);
    }
    const { rows } = await ctx.deps.db.query(`SELECT raw FROM swc_entities WHERE kind = 'systems' AND uid = '9:7'`);
    const planet = ctx.sim.galaxy.childrenOf('planets', '9:7')[0]!;
    expect(rows[0].raw).toMatchObject({
      uid: '9:7',
      name: ctx.sim.galaxy.systems.get('9:7')!.name,
      planets: { planet: expect.arrayContaining([expect.objectContaining({ attributes: expect.objectContaining({ uid: planet.uid }) })]) },
    });
  }, 180_000);

  it('a second run with nothing changed spends only the list pages and leaves no details to read', async () => {
    const before = requests();
    for (const kind of GALAXY_TARGETS) {
      const n = counted(galaxySize(kind));
      expect(await syncNow(ctx, kind)).toMatchObject({ status: 'completed', message: `${kind}: ${n} (${n} unchanged)` });
    }
    expect(requests() - before).toBe(GALAXY_TARGETS.reduce((sum, kind) => sum + pages(galaxySize(kind)), 0));
    expect(await fillNow(ctx)).toEqual({ state: 'done', filled: 0 });
    expect(requests() - before).toBe(GALAXY_TARGETS.reduce((sum, kind) => sum + pages(galaxySize(kind)), 0));
  });

  it('stores types from the list, then their class (a detail call only for new or changed types), and every class list', async () => {
    let before = requests();
    expect(await syncNow(ctx, 'droids')).toMatchObject({ status: 'completed', message: 'droids: 48 (48 new)' });
    expect(requests() - before).toBe(1);
    expect(await fillNow(ctx)).toEqual({ state: 'done', filled: 48 });
    expect(requests() - before).toBe(1 + 48);
    const droids = await stored(ctx, 'droids');
    expect(droids.every((d) => ['Astromech', 'Protocol', 'Combat', 'Medical', 'Labor', 'Probe'].includes(d.class!))).toBe(true);

    before = requests();
    expect(await syncNow(ctx, 'droids')).toMatchObject({ message: 'droids: 48 (48 unchanged)' });
    expect(await fillNow(ctx)).toEqual({ state: 'done', filled: 0 });
    expect(requests() - before).toBe(1);
    expect((await stored(ctx, 'droids')).map((d) => d.class)).toEqual(droids.map((d) => d.class));

    expect(await syncNow(ctx, 'classes')).toMatchObject({ status: 'completed', message: 'classes: 47 (47 new)' });
    expect((await stored(ctx, 'classes')).map((c) => c.uid)).toContain('ships:Fighter');
    expect(await pendingDetails('classes')).toBe(0);
  });
});

describe('a second run', () => {
  it('counts new, changed, unchanged and gone rows, keeps the gone ones, and wants details only for the new and changed', async () => {
    const listed = galaxySize('systems');
    ctx.sim.mutate({ rename: ['9:5'], remove: ['9:2'], add: { systems: 2 } });
    const before = requests();
    const outcome = await syncNow(ctx, 'systems');
    expect(outcome).toMatchObject({
      status: 'completed',
      message: `systems: ${counted(listed + 1)} (2 new, 1 changed, ${counted(listed - 2)} unchanged, 1 gone)`,
    });
    expect(requests() - before).toBe(pages(listed + 1));
    expect(await pendingDetails('systems')).toBe(3);
    // The renamed system keeps its coordinates while its details are read again.
    const renamed = (await storedPlacements(ctx, 'systems')).find((p) => p.uid === '9:5');
    expect(renamed).toEqual(simulatorPlacements(ctx, 'systems').find((p) => p.uid === '9:5'));

    expect(await fillNow(ctx)).toMatchObject({ state: 'done' });
    // A detail call for each new or changed system.
    expect(requests() - before).toBe(pages(listed + 1) + 3);
    expect(await storedPlacements(ctx, 'systems')).toEqual(simulatorPlacements(ctx, 'systems'));
    const systems = await stored(ctx, 'systems');
    expect(systems.find((s) => s.uid === '9:2')).toMatchObject({ gone: true });
    expect(systems.find((s) => s.uid === '9:5')!.name).toMatch(/ Prime$/);
    expect(systems.filter((s) => !s.gone)).toHaveLength(listed + 1);
  });
});

/** The simulator's client, but the `n`th web-service call dies as a killed process would (nothing answered). */
function dyingAt(n: number): SwcClient {
  let calls = 0;
  return {
    ...ctx.deps.swc,
    webService: (request) => {
      if (++calls === n) return Promise.reject(new Error('killed'));
      return ctx.deps.swc.webService(request);
    },
  };
}

describe('a run stopped in the middle', () => {
  // The planets are placed from the systems stored above: no detail call among these pages.
  it('resumes at the checkpoint with no row missing or read twice', async () => {
    await ctx.deps.db.query(`DELETE FROM swc_entities WHERE kind = 'planets'`);
    const runId = await queueRun(ctx, 'planets');
    await expect(runSync({ ...ctx.deps, swc: dyingAt(11) }, runId, testRunOptions(ctx))).rejects.toThrow('killed');
    expect(await stored(ctx, 'planets')).toHaveLength(10 * 50);

    const before = requests();
    const outcome = await runSync(ctx.deps, runId, testRunOptions(ctx));
    const total = ctx.sim.galaxy.catalogue('planets').all.length;
    expect(outcome).toMatchObject({
      status: 'completed',
      message: `planets: ${total.toLocaleString('en-US')} (${total.toLocaleString('en-US')} new)`,
    });
    expect(requests() - before).toBe(Math.ceil(total / 50) - 10);
    const planets = await stored(ctx, 'planets');
    expect(new Set(planets.map((p) => p.uid)).size).toBe(total);
    expect(planets.map((p) => p.uid).sort()).toEqual(
      ctx.sim.galaxy
        .catalogue('planets')
        .all.map((p) => p.uid)
        .sort(),
    );
  });

  it('pauses at a page boundary when its time slice is over, and goes on from there', async () => {
    let pages = 0;
    const runId = await queueRun(ctx, 'systems');
    const paused = await runSync(ctx.deps, runId, testRunOptions(ctx, { shouldStop: () => ++pages > 2 }));
    expect(paused.state).toBe('paused');
    const { rows } = await ctx.deps.db.query(`SELECT status, progress FROM sync_runs WHERE id = $1`, [runId]);
    const total = galaxySize('systems');
    expect(rows[0]).toMatchObject({ status: 'running', progress: { target: 'systems', done: 100, total } });
    expect(await runSync(ctx.deps, runId, testRunOptions(ctx))).toMatchObject({
      message: `systems: ${counted(total)} (${counted(total)} unchanged)`,
    });
  });
});

describe('a list that moves between two pages', () => {
  it('stores a row read twice once, and its details are filled in', async () => {
    await ctx.deps.db.query(`DELETE FROM swc_entities WHERE kind = 'weapons'`);
    // The second page starts a row early, as when SWCombine added a row before it meanwhile.
    const moved: SwcClient = {
      ...ctx.deps.swc,
      webService: (request) =>
        ctx.deps.swc.webService(request.query?.start_index === 51 ? { ...request, query: { ...request.query, start_index: 50 } } : request),
    };
    expect(await syncNow(ctx, 'weapons', { swc: moved })).toMatchObject({ message: 'weapons: 72 (72 new)' });
    expect(await fillNow(ctx)).toEqual({ state: 'done', filled: 72 });
    expect((await stored(ctx, 'weapons')).filter((w) => w.class === null)).toEqual([]);
  });
});

describe('a planet or station added to a system whose list entry did not change', () => {
  it('is placed through a detail call of its own', async () => {
    const [planetUid, stationUid] = ctx.sim.mutate({ add: { planets: 1, stations: 1 } }).added;
    const counting = countingDetails(ctx);
    for (const kind of ['planets', 'stations'] as const) {
      expect(await syncNow(ctx, kind, { swc: counting.swc })).toMatchObject({
        status: 'completed',
        message: expect.stringMatching(new RegExp(`^${kind}: [\\d,]+ \\(1 new, `)),
      });
    }
    expect(await fillNow(ctx, { swc: counting.swc })).toEqual({ state: 'done', filled: 2 });
    expect(counting.details()).toEqual({ planets: 1, stations: 1 });

    const g = ctx.sim.galaxy;
    const planet = g.planets.get(planetUid!)!;
    const station = g.stations.get(stationUid!)!;
    const row = async (kind: string, uid: string) =>
      (await ctx.deps.db.query(`SELECT parent_uid, x, y, class, type_uid FROM swc_entities WHERE kind = $1 AND uid = $2`, [kind, uid]))
        .rows[0];
    const at = (systemUid: string) => g.systems.get(systemUid)!.galaxy;
    expect(await row('planets', planet.uid)).toEqual({
      parent_uid: planet.systemUid,
      ...at(planet.systemUid),
      class: planet.typeName,
      type_uid: null,
    });
    // Its own detail names the planet it orbits, if any.
    expect(await row('stations', station.uid)).toEqual({
      parent_uid: station.planetUid ?? station.systemUid,
      ...at(station.systemUid),
      class: null,
      type_uid: station.typeUid,
    });
  });
});

describe('triggering', () => {
  it('queues a run for the worker, audited with the admin who asked', async () => {
    const runId = await queueRun(ctx, 'weapons');
    expect(ctx.sentJobs.at(-1)).toEqual({ name: 'radiant-sync', data: { runId } });
    const { rows } = await ctx.deps.db.query(
      `SELECT actor_id, details FROM audit_log WHERE event = 'sync_triggered' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({ actor_id: await adminUserId(ctx), details: { target: 'weapons', runId } });
  });

  it('refuses a second run of a target while one is queued', async () => {
    await queueRun(ctx, 'factions');
    const refusal = await queueRun(ctx, 'factions').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal).toMatchObject({ message: 'A factions sync is already queued or running.' });
  });

  it('lists runs triggered in the same instant newest first', async () => {
    await ctx.deps.db.query(`UPDATE sync_runs SET status = 'failed' WHERE status IN ('queued', 'running')`);
    const targets = ['sectors', 'systems', 'planets', 'stations', 'classes', 'ships'] as const;
    for (const target of targets) await queueRun(ctx, target);
    expect((await listSyncRuns(ctx.deps, targets.length)).map((r) => r.type)).toEqual([...targets].reverse());
  });
});
