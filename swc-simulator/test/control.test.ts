import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authUrl, JORIN, MIRA, setup, signIn, swcapi, wsGet } from './helpers.ts';

const GWS = '20:2400';
const EMPIRE = '20:7';

function putFaction(app: FastifyInstance, uid: string, payload: unknown, contentType = 'application/json') {
  return app.inject({
    method: 'PUT',
    url: `/sim/characters/${uid}/faction`,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function memberUids(app: FastifyInstance, faction: string, token: string): Promise<string[]> {
  const page = swcapi(await wsGet(app, `/ws/v2.0/faction/${faction}/members?item_count=200&start_index=1801`, token)).members;
  return page.member.map((m: { attributes: { uid: string } }) => m.attributes.uid);
}

describe('PUT /sim/characters/{uid}/faction', () => {
  it("moves Mira into Galactic Weapon Systems and out again, at once in her tokens' /character and in the member list", async () => {
    const { app } = setup();
    const mira = (await signIn(app, MIRA)).access_token;
    const jorin = (await signIn(app, JORIN, { scope: 'faction_members' })).access_token;

    const moved = await putFaction(app, MIRA, { faction: GWS });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({
      uid: MIRA,
      name: 'Mira Solan',
      gender: 'Female',
      race: { uid: '22:3', name: "Twi'lek" },
      faction: { uid: GWS, name: 'Galactic Weapon Systems' },
    });
    const inside = swcapi(await wsGet(app, '/ws/v2.0/character/', mira)).character;
    expect(inside.faction).toEqual({ attributes: { uid: GWS }, value: 'Galactic Weapon Systems' });
    expect(inside.factions).toEqual([{ attributes: { uid: GWS }, value: 'Galactic Weapon Systems', primary: true }]);
    const roster = swcapi(await wsGet(app, `/ws/v2.0/faction/${GWS}/members?item_count=2`, jorin)).members;
    expect(roster.attributes.total).toBe(2001);
    expect(roster.member.map((m: { value: string }) => m.value)).toEqual(['Jorin Vex', 'Mira Solan']);

    const out = await putFaction(app, MIRA, { faction: null });
    expect(out.json().faction).toBeNull();
    const outside = swcapi(await wsGet(app, '/ws/v2.0/character/', mira)).character;
    expect(outside.faction).toBeUndefined();
    expect(outside.factions).toEqual([]);
    expect(swcapi(await wsGet(app, `/ws/v2.0/faction/${GWS}/members?item_count=2`, jorin)).members.attributes.total).toBe(2000);
  });

  it('moves a generated character between factions; the leader moved out can no longer read the roster', async () => {
    const { app, sim } = setup();
    const jorin = (await signIn(app, JORIN, { scope: 'faction_members' })).access_token;
    const last = (await memberUids(app, GWS, jorin)).at(-1)!;
    await putFaction(app, last, { faction: EMPIRE });
    expect(await memberUids(app, GWS, jorin)).not.toContain(last);
    expect(sim.population.members(EMPIRE).map((c) => c.uid)).toContain(last);

    await putFaction(app, JORIN, { faction: EMPIRE });
    const refused = await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, jorin);
    expect(refused.statusCode).toBe(403);
    expect((await wsGet(app, `/ws/v2.0/faction/${EMPIRE}/members`, jorin)).statusCode).toBe(200);
  });

  it("shows a named character's new faction on the sign-in page", async () => {
    const { app } = setup();
    await putFaction(app, MIRA, { faction: EMPIRE });
    const page = (await app.inject({ url: authUrl() })).body;
    expect(page).toContain('Twi&#39;lek · Galactic Empire · <code>1:100002</code>');
  });

  it('answers 404 with a message for an unknown character', async () => {
    const { app } = setup();
    for (const uid of ['1:999999', '1:105001', 'nobody']) {
      const res = await putFaction(app, uid, { faction: GWS });
      expect(res.statusCode, uid).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: `No character ${uid}.` });
    }
  });

  it('answers 400 with a message for an unknown faction, and leaves the character where it was', async () => {
    const { app, sim } = setup();
    const res = await putFaction(app, JORIN, { faction: '20:9999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: expect.stringMatching(
        /^No faction 20:9999\. The simulator's factions: 20:7 \(Galactic Empire\), .*20:2655 \(Outer Rim Traders Guild\)\.$/,
      ),
    });
    expect(sim.population.find(JORIN)?.faction?.uid).toBe(GWS);
  });

  it.each([
    ['no faction field', {}, /faction is required/],
    ['another field', { faction: GWS, rank: 'admiral' }, /Unknown field rank/],
    ['a number', { faction: 2400 }, /faction must be a faction UID or null/],
    ['an array', [GWS], /must be a JSON object/],
    ['plain text', 'faction=20:2400', /must be a JSON object/, 'text/plain'],
    ['broken JSON', '{"faction":', /JSON/],
  ])('answers 400 with a message for a bad body: %s', async (_name, payload, message, contentType?: string) => {
    const { app, sim } = setup();
    const res = await putFaction(app, MIRA, payload, contentType);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.stringMatching(message) });
    expect(sim.population.find(MIRA)?.faction).toBeNull();
  });

  it('is not a web-services call: not counted against the rate limit', async () => {
    const { app, sim } = setup();
    await putFaction(app, MIRA, { faction: GWS });
    await app.inject({ url: `/sim/characters/${MIRA}` });
    expect(sim.stats().requests).toBe(0);
  });
});

describe('GET /sim/characters/{uid}', () => {
  it('answers a character as the simulator holds it, or 404', async () => {
    const { app } = setup();
    const res = await app.inject({ url: '/sim/characters/1:104321' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      uid: '1:104321',
      name: 'Dykucith Mougy',
      gender: 'Male',
      race: { uid: '22:1', name: 'Human' },
      faction: { uid: GWS, name: 'Galactic Weapon Systems' },
    });
    const missing = await app.inject({ url: '/sim/characters/1:1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'No character 1:1.' });
  });
});
