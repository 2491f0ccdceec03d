import { describe, expect, it } from 'vitest';
import { setup, swcapi, wsGet } from './helpers.ts';

const { app } = setup();

describe('GET /ws/v2.0/types/', () => {
  it.each([
    ['ships', 'ship', 2],
    ['vehicles', 'vehicle', 3],
    ['stations', 'station', 5],
    ['facilities', 'facility', 4],
    ['items', 'item', 12],
    ['droids', 'droid', 13],
    ['weapons', 'weapon', 18],
  ])('lists %s under <x>types.<x>type[] with UIDs of type %s', async (kind, singular, type) => {
    const res = await wsGet(app, `/ws/v2.0/types/${kind}/`);
    expect(res.statusCode).toBe(200);
    const list = swcapi(res)[`${singular}types`];
    expect(list.attributes).toMatchObject({ start: 1, count: Math.min(50, list.attributes.total) });
    const first = list[`${singular}type`][0];
    expect(first.attributes.uid).toMatch(new RegExp(`^${type}:\\d+$`));
    const detail = swcapi(await wsGet(app, new URL(first.attributes.href).pathname))[`${singular}type`];
    expect(detail).toMatchObject({ uid: first.attributes.uid, name: first.value, class: { value: expect.any(String) } });
  });

  it('pages types with the shared paging rules', async () => {
    const all: string[] = [];
    for (let start = 1; ;) {
      const page = swcapi(await wsGet(app, `/ws/v2.0/types/ships/?start_index=${start}&item_count=200`)).shiptypes;
      expect(page.attributes.count).toBeLessThanOrEqual(50);
      all.push(...page.shiptype.map((t: { attributes: { uid: string } }) => t.attributes.uid));
      if (page.attributes.start - 1 + page.attributes.count >= page.attributes.total) break;
      start += page.attributes.count;
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(50);
  });

  it('gives ship types hull, shield and ionic points, and items none', async () => {
    expect(swcapi(await wsGet(app, '/ws/v2.0/types/ships/2:1')).shiptype).toMatchObject({
      hull: expect.any(Number),
      shield: expect.any(Number),
      ionic: expect.any(Number),
    });
    expect(swcapi(await wsGet(app, '/ws/v2.0/types/items/12:1')).itemtype.hull).toBeUndefined();
  });

  it('lists classes under classes.<x>.class[] when paging parameters are sent, and 404 without them', async () => {
    const res = await wsGet(app, '/ws/v2.0/types/classes/ships?start_index=1&item_count=50');
    expect(res.statusCode).toBe(200);
    const classes = swcapi(res).classes.ships;
    expect(classes.attributes.total).toBe(classes.class.length);
    expect(classes.class.map((c: { value: string }) => c.value)).toContain('Fighter');
    const bare = await wsGet(app, '/ws/v2.0/types/classes/ships');
    expect(bare.statusCode).toBe(404);
    expect(swcapi(bare).error_message).toMatch(/start_index/);
  });

  it('answers 404 for an unknown kind or a UID of another kind', async () => {
    for (const url of [
      '/ws/v2.0/types/spaceships/',
      '/ws/v2.0/types/ships/3:1',
      '/ws/v2.0/types/ships/2:99999',
      '/ws/v2.0/types/classes/moons?item_count=5',
    ]) {
      expect((await wsGet(app, url)).statusCode).toBe(404);
    }
  });
});
