import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertEntities, type EntityInput } from '../../../src/services/sync/queries/entities.ts';
import { plainEntityOf } from '../../../src/services/sync/list-segment.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let player: string;

const row = (uid: string, name: string, fields: Partial<EntityInput> = {}): EntityInput => ({
  ...plainEntityOf(uid, name, { uid, name }),
  ...fields,
});

/** 60 systems in two sectors, by name System 01…60; System 60's details are pending (listed only). */
const systems = Array.from({ length: 60 }, (_, i) => {
  const n = i + 1;
  const name = `System ${String(n).padStart(2, '0')}`;
  if (n === 60) return row(`9:${n}`, name);
  return row(`9:${n}`, name, {
    parentUid: n <= 30 ? '25:1' : '25:2',
    x: n * 10,
    y: -n,
    raw: { uid: `9:${n}`, coordinates: { galaxy: n } },
  });
});

/** Stored as a list-first sync leaves them: a galaxy row without coordinates, a type without a class, still waits for its details. */
async function seed(kind: string, rows: EntityInput[]) {
  const { rows: run } = await ctx.deps.db.query(`INSERT INTO sync_runs (target, status) VALUES ($1, 'completed') RETURNING id`, [kind]);
  const waits = (r: EntityInput) =>
    (['sectors', 'systems', 'planets', 'stations'].includes(kind) && r.x === null) || (kind === 'ships' && r.className === null);
  const stored = rows.map((r) => ({ ...r, detailsPending: waits(r) }));
  await upsertEntities(ctx.deps.db, kind, { runId: run[0].id, wantedAt: ctx.clock.now() }, ctx.clock.now(), stored);
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  player = (await signIn(ctx, '1:100002')).cookie;
  await seed('sectors', [row('25:1', 'Core', { x: 0, y: 0 }), row('25:2', 'Rim', { x: 100, y: 0 }), row('25:3', '50%_off\\')]);
  await seed('systems', systems);
  await seed('planets', [row('8:1', 'Aurek', { parentUid: '9:2', x: 20, y: -2 })]);
  await seed('ships', [row('2:7', 'Hammerhead', { className: 'Frigate' }), row('2:8', 'Pending Hull')]);
  await seed('inventory', [
    row('2:24000001', 'Vengeance', { parentUid: '9:3', x: 99, y: 99, typeUid: '2:7', ownerUid: '20:2400' }),
    row('3:24000001', 'Crawler', { parentUid: '8:1', typeUid: '3:1', ownerUid: '20:2400' }),
    row('12:24000001', 'Drifting crate', { x: -5, y: 5, ownerUid: '20:2400' }),
    row('13:24000001', 'Lost droid', { ownerUid: '20:2400' }),
  ]);
  await ctx.deps.db.query(`UPDATE swc_entities SET gone_at = now() WHERE kind = 'systems' AND uid IN ('9:1', '9:59')`);
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string | null = admin) => ctx.app.inject({ url, cookies: cookie ? { portal_session: cookie } : {} });
const names = (res: { json(): { items: { name: string }[] } }) => res.json().items.map((i) => i.name);

describe('who may read /api/admin/radiant', () => {
  it.each(['/api/admin/radiant/data/systems', '/api/admin/radiant/data/systems/9:2', '/api/admin/radiant/galaxy-map'])(
    '%s: 401 without a session, 403 for a player',
    async (url) => {
      expect((await get(url, null)).statusCode).toBe(401);
      const forbidden = await get(url, player);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ error: 'forbidden' });
    },
  );
});

describe('GET /api/admin/radiant/data/:target', () => {
  it('pages the rows by name with the total of all matching, gone rows included', async () => {
    const first = await get('/api/admin/radiant/data/systems');
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(60);
    expect(names(first)).toEqual(systems.slice(0, 25).map((s) => s.name));

    const last = await get('/api/admin/radiant/data/systems?limit=25&offset=50');
    expect(names(last)).toEqual(systems.slice(50).map((s) => s.name));
    expect(last.json().total).toBe(60);
  });

  it('shows each row with its parent by name, coordinates, and when it was seen and stopped being listed', async () => {
    const page = (await get('/api/admin/radiant/data/systems?limit=2')).json();
    expect(page.items[0]).toMatchObject({ uid: '9:1', parentUid: '25:1', parentName: 'Core', x: 10, y: -1, detailsPending: false });
    expect(page.items[0].goneAt).toEqual(expect.any(String));
    expect(page.items[1]).toMatchObject({ uid: '9:2', goneAt: null, firstSeenAt: expect.any(String), lastSeenAt: expect.any(String) });
    expect(page.items[1]).not.toHaveProperty('raw');
  });

  it('marks rows whose details are not stored yet: a system without coordinates, a type without a class', async () => {
    const system = (await get('/api/admin/radiant/data/systems?q=9:60')).json().items[0];
    expect(system).toMatchObject({ uid: '9:60', x: null, y: null, parentUid: null, detailsPending: true });
    const ships = (await get('/api/admin/radiant/data/ships')).json().items;
    expect(ships.map((s: { name: string; detailsPending: boolean }) => [s.name, s.detailsPending])).toEqual([
      ['Hammerhead', false],
      ['Pending Hull', true],
    ]);
  });

  it("names an inventory entity's type when that type is stored, and its planet as parent", async () => {
    const items = (await get('/api/admin/radiant/data/inventory')).json().items;
    const byName = Object.fromEntries(items.map((i: { name: string }) => [i.name, i]));
    expect(byName.Vengeance).toMatchObject({ typeUid: '2:7', typeName: 'Hammerhead', parentName: 'System 03', ownerUid: '20:2400' });
    expect(byName.Crawler).toMatchObject({ typeUid: '3:1', typeName: null, parentName: 'Aurek', detailsPending: false });
  });

  it('searches part of the name in any case, or a whole UID, and counts what matches', async () => {
    const part = await get('/api/admin/radiant/data/systems?q=SYSTEM%205');
    expect(names(part)).toEqual([
      'System 50',
      'System 51',
      'System 52',
      'System 53',
      'System 54',
      'System 55',
      'System 56',
      'System 57',
      'System 58',
      'System 59',
    ]);
    expect(part.json().total).toBe(10);
    expect(names(await get('/api/admin/radiant/data/systems?q=9:7'))).toEqual(['System 07']);
    expect((await get('/api/admin/radiant/data/systems?q=9:')).json().total).toBe(0);
    expect(names(await get('/api/admin/radiant/data/sectors?q=%25_off%5C'))).toEqual(['50%_off\\']);
    expect((await get('/api/admin/radiant/data/sectors?q=%25')).json().total).toBe(1);
  });

  it('lists only listed or only gone rows on request', async () => {
    const listed = (await get('/api/admin/radiant/data/systems?gone=listed&limit=100')).json();
    expect(listed.total).toBe(58);
    expect(listed.items.every((i: { goneAt: string | null }) => i.goneAt === null)).toBe(true);
    expect(names(await get('/api/admin/radiant/data/systems?gone=gone'))).toEqual(['System 01', 'System 59']);
  });

  it.each([
    ['limit=0', 'querystring.limit: limit must be at least 1'],
    ['limit=101', 'querystring.limit: limit must be at most 100'],
    ['limit=ten', 'querystring.limit: limit must be a whole number'],
    ['offset=-1', 'querystring.offset: offset must be a whole number'],
    ['gone=maybe', 'querystring.gone: gone must be one of any, listed, gone'],
    [`q=${'a'.repeat(101)}`, 'querystring.q: q must be at most 100 characters'],
    ['q=%00', 'querystring.q: q must not contain control characters'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const res = await get(`/api/admin/radiant/data/systems?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message });
  });

  it('refuses an unknown target with a 400 naming the targets', async () => {
    const res = await get('/api/admin/radiant/data/moons');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^params\.target: target must be one of factions, sectors, systems/);
  });
});

describe('GET /api/admin/radiant/data/:target/:uid', () => {
  it("answers the row with SWCombine's answer as stored, also when it is gone", async () => {
    const res = await get('/api/admin/radiant/data/systems/9:1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uid: '9:1',
      name: 'System 01',
      goneAt: expect.any(String),
      raw: { uid: '9:1', coordinates: { galaxy: 1 } },
    });
  });

  it('answers 404 for a UID not synced for that target', async () => {
    const res = await get('/api/admin/radiant/data/planets/9:1');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No planets row with UID 9:1 has been synced.');
  });
});

describe('GET /api/admin/radiant/galaxy-map', () => {
  it('answers listed systems with coordinates and their sector, and counts those still waiting for details', async () => {
    const res = await get('/api/admin/radiant/galaxy-map');
    expect(res.statusCode).toBe(200);
    const map = res.json();
    expect(map.sectors).toEqual([
      ['25:1', 'Core'],
      ['25:2', 'Rim'],
      ['25:3', '50%_off\\'],
    ]);
    // 9:1 and 9:59 are gone; 9:60 has no coordinates yet.
    expect(map.systems).toHaveLength(57);
    expect(map.systemsPending).toBe(1);
    expect(map.systems.find((s: unknown[]) => s[0] === '9:2')).toEqual(['9:2', 'System 02', 20, -2, 0]);
    expect(map.systems.find((s: unknown[]) => s[0] === '9:40')).toEqual(['9:40', 'System 40', 400, -40, 1]);
  });

  it("places the inventory's entities at their system (through their planet too), else at their own coordinates", async () => {
    const map = (await get('/api/admin/radiant/galaxy-map')).json();
    const indexOf = (uid: string) => map.systems.findIndex((s: unknown[]) => s[0] === uid);
    expect(map.entities).toEqual([
      ['12:24000001', 'Drifting crate', -5, 5, -1],
      ['2:24000001', 'Vengeance', 30, -3, indexOf('9:3')],
      ['3:24000001', 'Crawler', 20, -2, indexOf('9:2')],
    ]);
    expect(map.entitiesUnplaced).toBe(1);
  });
});
