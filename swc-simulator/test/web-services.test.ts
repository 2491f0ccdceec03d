import { describe, expect, it } from 'vitest';
import { pageOf, readPaging } from '../src/ws/paging.ts';
import { JORIN, MIRA, setup, signIn, wsGet } from './helpers.ts';

describe('GET /ws/v2.0/character/', () => {
  it('answers Jorin Vex in the real envelope, with race, faction and an avatar served by the simulator', async () => {
    const { app, clock } = setup();
    const { access_token } = await signIn(app, JORIN);
    const res = await wsGet(app, '/ws/v2.0/character/', access_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toMatchObject({
      version: '2.0',
      timestamp: Math.floor(clock.now() / 1000),
      resource: 'character',
      request: { method: 'GET', uri: 'http://localhost/ws/v2.0/character/' },
    });
    const c = body.swcapi.character;
    expect(c).toMatchObject({
      uid: JORIN,
      name: 'Jorin Vex',
      gender: 'Male',
      race: { attributes: { uid: '22:1' }, value: 'Human' },
      faction: { attributes: { uid: '20:2400' }, value: 'Galactic Weapon Systems' },
      factions: [{ attributes: { uid: '20:2400' }, value: 'Galactic Weapon Systems', primary: true }],
      lastlogin: { timestamp: Math.floor(clock.now() / 1000) },
    });
    expect(c.image).toBe('http://localhost/sim/avatars/1:100001.svg');
    expect(c.location).toBeUndefined();

    const avatar = await app.inject({ url: new URL(c.image).pathname });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(avatar.body).toContain('>JV</text>');
  });

  it("answers Mira Solan, a Twi'lek with no faction", async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, MIRA);
    const c = (await wsGet(app, '/ws/v2.0/character/', access_token)).json().swcapi.character;
    expect(c).toMatchObject({
      uid: MIRA,
      name: 'Mira Solan',
      gender: 'Female',
      race: { attributes: { uid: '22:3' }, value: "Twi'lek" },
      factions: [],
    });
    expect(c.faction ?? null).toBeNull();
  });

  it('adds the location only with character_location', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, JORIN, { scope: 'character_read character_location' });
    const c = (await wsGet(app, '/ws/v2.0/character/', access_token)).json().swcapi.character;
    expect(c.location).toMatchObject({ planet: { value: 'Corellia' }, sector: { value: 'Corellian' }, city: { value: 'Coronet City' } });
  });

  it('accepts ?access_token= and keeps the token out of the echoed request uri', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, JORIN);
    const res = await wsGet(app, `/ws/v2.0/character?access_token=${encodeURIComponent(access_token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().request.uri).not.toContain(access_token);
  });

  it('uses publicUrl for image URLs when given', async () => {
    const { app } = setup({ publicUrl: 'https://sim.example.test/' });
    const { access_token } = await signIn(app, MIRA);
    const c = (await wsGet(app, '/ws/v2.0/character/', access_token)).json().swcapi.character;
    expect(c.image).toBe('https://sim.example.test/sim/avatars/1:100002.svg');
  });

  it('answers 401 in the envelope for a missing, invalid, expired or Bearer token', async () => {
    const { app, clock } = setup();
    const { access_token } = await signIn(app, JORIN);
    const cases = [
      await wsGet(app, '/ws/v2.0/character/'),
      await wsGet(app, '/ws/v2.0/character/', 'not-a-token'),
      await wsGet(app, '/ws/v2.0/character/', undefined, { authorization: `Bearer ${access_token}` }),
    ];
    clock.advance(3600 * 1000);
    cases.push(await wsGet(app, '/ws/v2.0/character/', access_token));
    for (const res of cases) {
      expect(res.statusCode).toBe(401);
      const body = res.json();
      expect(body.version).toBe('2.0');
      expect(body.swcapi).toEqual({ error_code: 401, error_message: expect.any(String) });
    }
  });

  it('answers 403 in the envelope when the token lacks character_read', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, JORIN, { scope: 'character_auth' });
    const res = await wsGet(app, '/ws/v2.0/character/', access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json().swcapi).toEqual({ error_code: 403, error_message: expect.stringContaining('character_read') });
  });

  it('lets character_all stand for character_read', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, JORIN, { scope: 'character_all' });
    expect((await wsGet(app, '/ws/v2.0/character/', access_token)).statusCode).toBe(200);
  });

  it('answers 406 unless JSON is asked for', async () => {
    const { app } = setup();
    const { access_token } = await signIn(app, JORIN);
    const res = await app.inject({ url: '/ws/v2.0/character/', headers: { authorization: `OAuth ${access_token}` } });
    expect(res.statusCode).toBe(406);
    expect(res.json().swcapi.error_code).toBe(406);
  });

  it('answers an unknown resource with a 404 envelope', async () => {
    const { app } = setup();
    const res = await wsGet(app, '/ws/v2.0/starships/');
    expect(res.statusCode).toBe(404);
    expect(res.json().swcapi.error_code).toBe(404);
  });
});

describe('GET /ws/v2.0/factions/', () => {
  it('is public and answers the shared list shape', async () => {
    const { app } = setup();
    const res = await wsGet(app, '/ws/v2.0/factions/');
    expect(res.statusCode).toBe(200);
    const list = res.json().swcapi.factions;
    expect(list.attributes).toEqual({ start: 1, total: 7, count: 7 });
    expect(list.faction).toHaveLength(7);
    expect(list.faction).toContainEqual({
      attributes: { uid: '20:2400', name: 'Galactic Weapon Systems', href: 'http://localhost/ws/v2.0/faction/20:2400' },
      value: 'Galactic Weapon Systems',
    });
  });

  it('pages with start_index (1-based) and item_count', async () => {
    const { app } = setup();
    const all = (await wsGet(app, '/ws/v2.0/factions/'))
      .json()
      .swcapi.factions.faction.map((f: { attributes: { uid: string } }) => f.attributes.uid);
    const res = await wsGet(app, '/ws/v2.0/factions/?start_index=3&item_count=2');
    const list = res.json().swcapi.factions;
    expect(list.attributes).toEqual({ start: 3, total: 7, count: 2 });
    expect(list.faction.map((f: { attributes: { uid: string } }) => f.attributes.uid)).toEqual(all.slice(2, 4));

    const past = (await wsGet(app, '/ws/v2.0/factions/?start_index=8')).json().swcapi.factions;
    expect(past.attributes).toEqual({ start: 8, total: 7, count: 0 });
    expect(past.faction).toEqual([]);
  });

  it('lets a client loop until start - 1 + count >= total', async () => {
    const { app } = setup();
    const seen: string[] = [];
    let start = 1;
    let calls = 0;
    for (;;) {
      const { attributes, faction } = (await wsGet(app, `/ws/v2.0/factions/?start_index=${start}&item_count=3`)).json().swcapi.factions;
      calls++;
      seen.push(...faction.map((f: { attributes: { uid: string } }) => f.attributes.uid));
      if (attributes.start - 1 + attributes.count >= attributes.total) break;
      start += attributes.count;
    }
    expect(calls).toBe(3);
    expect(new Set(seen).size).toBe(7);
  });

  it('refuses a bad start_index or item_count with a 400 envelope', async () => {
    const { app } = setup();
    for (const q of ['start_index=0', 'start_index=-1', 'item_count=0', 'item_count=abc', 'start_index=1.5']) {
      const res = await wsGet(app, `/ws/v2.0/factions/?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().swcapi.error_code).toBe(400);
    }
  });

  it('answers a faction by uid and 404 for an unknown one', async () => {
    const { app } = setup();
    const f = (await wsGet(app, '/ws/v2.0/faction/20:2400')).json().swcapi.faction;
    expect(f).toMatchObject({ uid: '20:2400', name: 'Galactic Weapon Systems' });
    expect((await wsGet(app, '/ws/v2.0/faction/20:1')).statusCode).toBe(404);
  });
});

describe('paging helper', () => {
  it('defaults to start 1 and 50 items, caps item_count at the maximum', () => {
    expect(readPaging({})).toEqual({ start: 1, count: 50 });
    expect(readPaging({ item_count: '500' }, 50, 200)).toEqual({ start: 1, count: 200 });
    expect(readPaging({ start_index: '0' })).toHaveProperty('error');
  });

  it('slices 1-based and reports start, total and count', () => {
    const items = Array.from({ length: 120 }, (_, i) => i + 1);
    expect(pageOf(items, { start: 101, count: 50 })).toEqual({
      attributes: { start: 101, total: 120, count: 20 },
      items: items.slice(100),
    });
  });
});
