import { describe, expect, it } from 'vitest';
import { startSimulator } from '../src/index.ts';
import { setup, swcapi, wsGet } from './helpers.ts';

const { app } = setup({ rateLimit: 100_000 });

interface ListItem {
  attributes: { uid: string; name: string; href: string };
  value: string;
}

/** Reads a whole list the way a client should: largest page, until start - 1 + count >= total. */
async function readAll(kind: string, plural = kind, singular = kind.slice(0, -1)) {
  const items: ListItem[] = [];
  let start = 1;
  let pages = 0;
  for (;;) {
    const page = swcapi(await wsGet(app, `/ws/v2.0/galaxy/${kind}/?start_index=${start}&item_count=50`))[plural];
    items.push(...page[singular]);
    pages++;
    if (page.attributes.start - 1 + page.attributes.count >= page.attributes.total) return { items, pages, total: page.attributes.total };
    start += page.attributes.count;
  }
}

describe('the seeded galaxy', () => {
  it.each([
    ['sectors', 200, 25],
    ['systems', 2000, 9],
    ['planets', 5000, 8],
    ['stations', 1000, 5],
    ['cities', 300, 7],
  ])('lists %s: at least %i, with type:id UIDs of type %i', async (kind, minimum, type) => {
    const first = swcapi(await wsGet(app, `/ws/v2.0/galaxy/${kind}/`))[kind];
    expect(first.attributes.total).toBeGreaterThanOrEqual(minimum);
    const singular = kind === 'cities' ? 'city' : kind.slice(0, -1);
    for (const item of first[singular] as ListItem[]) {
      expect(item.attributes.uid).toMatch(new RegExp(`^${type}:\\d+$`));
      expect(item.attributes.name).toBe(item.value);
      expect(item.attributes.href).toMatch(new RegExp(`/ws/v2\\.0/galaxy/${kind}/${item.attributes.uid}$`));
    }
  });

  it('pages 50 at a time by default and never more, whatever item_count asks', async () => {
    const def = swcapi(await wsGet(app, '/ws/v2.0/galaxy/systems/')).systems;
    expect(def.attributes).toMatchObject({ start: 1, count: 50 });
    const big = swcapi(await wsGet(app, '/ws/v2.0/galaxy/systems/?item_count=500&start_index=101')).systems;
    expect(big.attributes).toMatchObject({ start: 101, count: 50 });
    expect(big.system[0].attributes.uid).toBe('9:101');
  });

  it('reads every sector exactly once when a client loops until start - 1 + count >= total', async () => {
    const { items, pages, total } = await readAll('sectors');
    expect(items).toHaveLength(total);
    expect(new Set(items.map((i) => i.attributes.uid)).size).toBe(total);
    expect(pages).toBe(Math.ceil(total / 50));
  });

  it('answers an empty last page past the end, in the list shape', async () => {
    const res = await wsGet(app, '/ws/v2.0/galaxy/sectors/?start_index=100000');
    expect(res.statusCode).toBe(200);
    expect(swcapi(res).sectors).toMatchObject({ attributes: { start: 100000, count: 0 }, sector: [] });
  });

  it('links sector → systems → planets and stations, each detail in the envelope with coordinates', async () => {
    const sector = swcapi(await wsGet(app, '/ws/v2.0/galaxy/sectors/25:1')).sector;
    expect(sector.uid).toBe('25:1');
    expect(sector.coordinates.point).toHaveLength(4);
    expect(sector.systems.system.length).toBeGreaterThan(0);

    const systemRes = await wsGet(app, `/ws/v2.0/galaxy/systems/${sector.systems.system[0].attributes.uid}`);
    expect(systemRes.json()).toMatchObject({ version: '2.0', resource: 'galaxy', request: { method: 'GET' } });
    const system = swcapi(systemRes).system;
    expect(system.sector.attributes.uid).toBe('25:1');
    const { x, y } = system.coordinates.galaxy.attributes;
    const [tl, , br] = sector.coordinates.point.map((p: { attributes: { x: number; y: number } }) => p.attributes);
    expect(x).toBeGreaterThanOrEqual(tl.x);
    expect(x).toBeLessThanOrEqual(br.x);
    expect(y).toBeLessThanOrEqual(tl.y);
    expect(y).toBeGreaterThanOrEqual(br.y);
    expect(system.planets.planet.length).toBeGreaterThan(0);

    const planet = swcapi(await wsGet(app, `/ws/v2.0/galaxy/planets/${system.planets.planet[0].attributes.uid}`)).planet;
    expect(planet.location.system.attributes.uid).toBe(system.uid);
    expect(planet.location.sector.attributes.uid).toBe('25:1');
    expect(planet.type.value).toEqual(expect.any(String));
    expect(planet.grid.attributes).toEqual({ width: planet.size, height: planet.size });
    expect(planet.grid.row).toHaveLength(planet.size);
    for (const row of planet.grid.row as string[]) for (const cell of row) expect(planet.grid.legend[cell]).toEqual(expect.any(String));
  });

  it('places stations in a system, some in orbit of one of its planets, with a station type', async () => {
    const { items } = await readAll('stations');
    const details = await Promise.all(
      items.slice(0, 40).map(async (i) => swcapi(await wsGet(app, `/ws/v2.0/galaxy/stations/${i.attributes.uid}`)).station),
    );
    const orbiting = details.filter((s) => s.location.planet);
    expect(orbiting.length).toBeGreaterThan(0);
    for (const s of orbiting) {
      const planet = swcapi(await wsGet(app, `/ws/v2.0/galaxy/planets/${s.location.planet.attributes.uid}`)).planet;
      expect(planet.location.system.attributes.uid).toBe(s.location.system.attributes.uid);
    }
    expect(details[0].type.attributes.uid).toMatch(/^5:\d+$/);
    expect((await wsGet(app, new URL(details[0].type.attributes.href).pathname)).statusCode).toBe(200);
  });

  it('places cities on a planet, within its grid', async () => {
    const city = swcapi(await wsGet(app, '/ws/v2.0/galaxy/cities/7:1')).city;
    const planet = swcapi(await wsGet(app, `/ws/v2.0/galaxy/planets/${city.location.planet.attributes.uid}`)).planet;
    expect(planet.cities.city.map((c: ListItem) => c.attributes.uid)).toContain('7:1');
    expect(city.coordinates.surface.attributes.x).toBeLessThan(planet.size);
  });

  it('answers 404 in the envelope for an unknown kind, an unknown UID or a UID of another kind', async () => {
    for (const url of ['/ws/v2.0/galaxy/moons/', '/ws/v2.0/galaxy/systems/9:999999', '/ws/v2.0/galaxy/systems/25:1']) {
      const res = await wsGet(app, url);
      expect(res.statusCode).toBe(404);
      expect(swcapi(res)).toMatchObject({ error_code: 404, error_message: expect.any(String) });
    }
  });

  it('is the same galaxy on every start', async () => {
    const a = await startSimulator({ port: 0, clients: [] });
    const b = await startSimulator({ port: 0, clients: [] });
    try {
      const get = async (base: string, path: string) =>
        ((await (await fetch(`${base}/ws/v2.0/${path}`, { headers: { accept: 'application/json' } })).json()) as { swcapi: unknown })
          .swcapi;
      for (const path of ['galaxy/systems/?start_index=1951&item_count=50', 'galaxy/planets/8:4321', 'types/ships/?start_index=51']) {
        const [x, y] = [await get(a.url, path), await get(b.url, path)];
        expect(JSON.stringify(x).replaceAll(a.url, '')).toBe(JSON.stringify(y).replaceAll(b.url, ''));
      }
      expect(a.stats().served).toBe(3);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('a smaller galaxy (galaxyRows)', () => {
  const small = setup({ rateLimit: 100_000, galaxyRows: 3 });

  it('serves the top rows of sectors of the same galaxy: 48 sectors, their 480 systems, the same rows as the whole one', async () => {
    const total = async (a: typeof app, kind: string) => swcapi(await wsGet(a, `/ws/v2.0/galaxy/${kind}/`))[kind].attributes.total;
    expect(await total(small.app, 'sectors')).toBe(48);
    expect(await total(small.app, 'systems')).toBe(480);
    for (const path of ['galaxy/systems/9:480', 'galaxy/sectors/25:48']) {
      expect(swcapi(await wsGet(small.app, `/ws/v2.0/${path}`))).toEqual(swcapi(await wsGet(app, `/ws/v2.0/${path}`)));
    }
    const page = async (a: typeof app) => swcapi(await wsGet(a, '/ws/v2.0/galaxy/systems/?start_index=431')).systems.system;
    expect(await page(small.app)).toEqual(await page(app));
    expect((await wsGet(small.app, '/ws/v2.0/galaxy/systems/9:481')).statusCode).toBe(404);
  });

  it('places every inventory entity in one of its systems', () => {
    const systems = new Set(small.sim.galaxy.systems.all.map((s) => s.uid));
    const entities = small.sim.inventories.of('20:2400').all;
    expect(entities.length).toBeGreaterThan(100);
    expect(entities.filter((e) => !systems.has(e.systemUid))).toEqual([]);
  });

  it('refuses a number of rows the galaxy does not have', () => {
    for (const galaxyRows of [0, 16, 2.5]) {
      expect(() => setup({ galaxyRows })).toThrow('galaxyRows must be a whole number from 1 to 15');
    }
  });
});
