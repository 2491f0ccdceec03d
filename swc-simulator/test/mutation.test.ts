import { describe, expect, it } from 'vitest';
import { JORIN, setup, signIn, swcapi, wsGet } from './helpers.ts';

const get = async (app: ReturnType<typeof setup>['app'], path: string, token?: string) => wsGet(app, `/ws/v2.0/${path}`, token);

describe('changing the galaxy between two reads (sim.mutate)', () => {
  it('renames rows, by default to "<name> Prime" or to the given name', async () => {
    const { app, sim } = setup();
    const before = swcapi(await get(app, 'galaxy/systems/9:5')).system.name;
    sim.mutate({ rename: ['9:5'] });
    expect(swcapi(await get(app, 'galaxy/systems/9:5')).system.name).toBe(`${before} Prime`);
    sim.mutate({ rename: { '25:2': 'Renamed Reach' } });
    expect(swcapi(await get(app, 'galaxy/sectors/?item_count=2')).sectors.sector[1].value).toBe('Renamed Reach');
    // The new name shows wherever the row is linked from.
    const system = swcapi(await get(app, 'galaxy/systems/9:5')).system;
    const planet = swcapi(await get(app, `galaxy/planets/${system.planets.planet[0].attributes.uid}`)).planet;
    expect(planet.location.system.value).toBe(`${before} Prime`);
  });

  it('removes a system with its planets, stations and cities, and the totals shrink', async () => {
    const { app, sim } = setup();
    const system = swcapi(await get(app, 'galaxy/systems/9:2')).system;
    const totals = async () =>
      Object.fromEntries(
        await Promise.all(
          ['systems', 'planets', 'stations'].map(async (k) => [k, swcapi(await get(app, `galaxy/${k}/`))[k].attributes.total]),
        ),
      );
    const before = await totals();
    const { removed } = sim.mutate({ remove: ['9:2'] });
    expect(removed).toContain('9:2');
    for (const p of system.planets.planet) expect(removed).toContain(p.attributes.uid);
    expect(await totals()).toEqual({
      systems: before.systems - 1,
      planets: before.planets - system.planets.attributes.count,
      stations: before.stations - system.stations.attributes.count,
    });
    expect((await get(app, 'galaxy/systems/9:2')).statusCode).toBe(404);
    expect((await get(app, `galaxy/planets/${system.planets.planet[0].attributes.uid}`)).statusCode).toBe(404);
    const sector = swcapi(await get(app, `galaxy/sectors/${system.sector.attributes.uid}`)).sector;
    expect(sector.systems.system.map((s: { attributes: { uid: string } }) => s.attributes.uid)).not.toContain('9:2');
  });

  it('adds rows with new UIDs at the end of the lists, the same in every simulator', async () => {
    const run = async () => {
      const { app, sim } = setup();
      const { added } = sim.mutate({ add: { systems: 2, planets: 1 } });
      const last = swcapi(await get(app, 'galaxy/systems/?start_index=2401')).systems;
      const planet = swcapi(await get(app, `galaxy/planets/${added[2]}`)).planet;
      return { added, last, planet };
    };
    const a = await run();
    expect(a.added).toEqual(['9:2401', '9:2402', `8:${a.added[2]!.split(':')[1]}`]);
    expect(a.last.system.map((s: { attributes: { uid: string } }) => s.attributes.uid)).toEqual(['9:2401', '9:2402']);
    expect(a.planet.location.system.attributes.uid).toMatch(/^9:\d+$/);
    expect(await run()).toEqual(a);
  });

  it('never gives a removed UID out again', () => {
    const { sim } = setup();
    sim.mutate({ remove: ['9:2400'] });
    expect(sim.mutate({ add: { systems: 1 } }).added).toEqual(['9:2401']);
  });

  it('throws on an unknown UID rather than changing nothing quietly', () => {
    const { sim } = setup();
    expect(() => sim.mutate({ rename: ['9:999999'] })).toThrow(/9:999999/);
    expect(() => sim.mutate({ remove: ['1:100001'] })).toThrow(/1:100001/);
  });
});

describe('changing an inventory between two reads (sim.inventories)', () => {
  it('renames, removes and adds entities', async () => {
    const { app, sim } = setup();
    const { access_token } = await signIn(app, JORIN, { scope: 'faction_inv_ships_read' });
    const list = async () => swcapi(await get(app, 'inventory/20:2400/ships/owner?item_count=200', access_token)).entities;
    const before = await list();
    const [first, second] = before.entity.map((e: { value: { uid: string; name: string } }) => e.value);
    sim.inventories.rename(first.uid, 'Renamed Hauler');
    sim.inventories.remove(second.uid);
    const added = sim.inventories.add('20:2400', 'ships', 3);
    const after = await list();
    expect(after.attributes.total).toBe(before.attributes.total + 2);
    expect(after.entity[0].value.name).toBe('Renamed Hauler');
    expect(after.entity[1].value.uid).not.toBe(second.uid);
    expect(added).toHaveLength(3);
    const last = swcapi(await get(app, `inventory/20:2400/ships/owner?start_index=${after.attributes.total}`, access_token)).entities;
    expect(last.entity[0].value.uid).toBe(added[2]);
  });

  it('throws on an entity or faction that does not exist', () => {
    const { sim } = setup();
    expect(() => sim.inventories.rename('2:99990001')).toThrow(/20:9999/);
    expect(() => sim.inventories.add('20:9999', 'ships', 1)).toThrow(/20:9999/);
    expect(() => sim.inventories.remove('2:24009999')).toThrow(/2:24009999/);
  });
});
