import { describe, expect, it } from 'vitest';
import { JORIN, MIRA, setup, signIn, swcapi, wsGet } from './helpers.ts';

const GWS = '20:2400';
const SHIPS_READ = 'character_read faction_inv_overview faction_inv_ships_read faction_inv_items_all';

describe('faction inventories', () => {
  it('lets a member with the inventory scopes read the overview and each list', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, JORIN, { scope: SHIPS_READ });
    const overview = swcapi(await wsGet(app, `/ws/v2.0/inventory/${GWS}`, access_token)).inventory;
    expect(overview).toMatchObject({ uid: GWS, name: 'Galactic Weapon Systems' });
    const total = ['ships', 'vehicles', 'stations', 'facilities', 'items', 'droids'].reduce((n, k) => n + overview[k].owner.value, 0);
    expect(total).toBeGreaterThanOrEqual(500);

    const ships = swcapi(await wsGet(app, `/ws/v2.0/inventory/${GWS}/ships/owner?item_count=200`, access_token)).entities;
    expect(ships.attributes).toEqual({ start: 1, total: overview.ships.owner.value, count: Math.min(200, overview.ships.owner.value) });
    const ship = ships.entity[0];
    expect(ship.attributes.href).toMatch(new RegExp(`/ws/v2\\.0/inventory/${GWS}/ships/2:\\d+$`));
    expect(ship.value).toMatchObject({
      uid: expect.stringMatching(/^2:\d+$/),
      name: expect.any(String),
      type: { attributes: { uid: expect.stringMatching(/^2:\d+$/) }, value: expect.any(String) },
      owner: { attributes: { uid: GWS }, value: 'Galactic Weapon Systems' },
      images: { small: expect.any(String), large: expect.any(String) },
      hull: { attributes: { max: expect.any(Number) }, value: expect.any(Number) },
      shield: expect.any(Object),
      ionic: expect.any(Object),
      location: { system: { attributes: { uid: expect.stringMatching(/^9:\d+$/) } } },
      tags: { tag: expect.any(Array) },
      quantity: 1,
    });
    const one = await wsGet(app, new URL(ship.attributes.href).pathname, access_token);
    expect(swcapi(one).entity.value.uid).toBe(ship.value.uid);

    const items = await wsGet(app, `/ws/v2.0/inventory/${GWS}/items/commander`, access_token);
    expect(items.statusCode).toBe(200);
    expect(swcapi(items).entities.attributes.total).toBe(overview.items.commander.value);
  });

  it('pages up to 200 entities and a client reads every ship exactly once', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, JORIN, { scope: SHIPS_READ });
    const seen: string[] = [];
    for (let start = 1; ;) {
      const page = swcapi(
        await wsGet(app, `/ws/v2.0/inventory/${GWS}/ships/owner?start_index=${start}&item_count=1000`, access_token),
      ).entities;
      expect(page.attributes.count).toBeLessThanOrEqual(200);
      seen.push(...page.entity.map((e: { value: { uid: string } }) => e.value.uid));
      if (page.attributes.start - 1 + page.attributes.count >= page.attributes.total) break;
      start += page.attributes.count;
    }
    expect(seen.length).toBeGreaterThan(200);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers 401 without a token and 403 without the matching inventory scope', async () => {
    const { app } = setup();
    expect((await wsGet(app, `/ws/v2.0/inventory/${GWS}/ships/owner`)).statusCode).toBe(401);
    const { access_token } = await signIn(app, JORIN, { scope: 'character_read faction_all faction_inv_vehicles_read' });
    for (const url of [`/ws/v2.0/inventory/${GWS}`, `/ws/v2.0/inventory/${GWS}/ships/owner`]) {
      const res = await wsGet(app, url, access_token);
      expect(res.statusCode).toBe(403);
      expect(swcapi(res)).toMatchObject({ error_code: 403, error_message: expect.stringMatching(/faction_inv_/) });
    }
    expect((await wsGet(app, `/ws/v2.0/inventory/${GWS}/vehicles/pilot`, access_token)).statusCode).toBe(200);
  });

  it("refuses a character who is not in the faction, even with every scope, and another faction's inventory", async () => {
    const { app } = setup();
    const mira = await signIn(app, MIRA, { scope: SHIPS_READ });
    const res = await wsGet(app, `/ws/v2.0/inventory/${GWS}/ships/owner`, mira.access_token);
    expect(res.statusCode).toBe(403);
    expect(swcapi(res).error_message).toMatch(/members of Galactic Weapon Systems/);
    const jorin = await signIn(app, JORIN, { scope: SHIPS_READ });
    expect((await wsGet(app, '/ws/v2.0/inventory/20:7/ships/owner', jorin.access_token)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown owner, kind or list', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, JORIN, { scope: SHIPS_READ });
    for (const url of [
      `/ws/v2.0/inventory/20:999/ships/owner`,
      `/ws/v2.0/inventory/${GWS}/moons/owner`,
      `/ws/v2.0/inventory/${GWS}/ships/captain`,
    ]) {
      expect((await wsGet(app, url, access_token)).statusCode).toBe(404);
    }
  });

  it('is the same inventory in two simulators', async () => {
    const read = async () => {
      const { app } = setup();
      const { access_token } = await signIn(app, JORIN, { scope: SHIPS_READ });
      return swcapi(await wsGet(app, `/ws/v2.0/inventory/${GWS}/ships/owner?start_index=101&item_count=200`, access_token));
    };
    expect(await read()).toEqual(await read());
  });
});
