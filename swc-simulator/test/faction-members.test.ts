import { describe, expect, it } from 'vitest';
import { JORIN, MIRA, setup, signIn, swcapi, wsGet } from './helpers.ts';

const GWS = '20:2400';
const CEC = '20:2412';
const RORRWAAK = '1:100003';
const MEMBERS = 'character_read faction_members';

async function leaderToken(app: Parameters<typeof signIn>[0], uid = JORIN, scope = MEMBERS) {
  return (await signIn(app, uid, { scope })).access_token;
}

interface Member {
  attributes: { uid: string; href: string };
  value: string;
}

describe('GET /ws/v2.0/faction/{uid}/members', () => {
  it('answers the first 50 members in the list shape, each a character reference', async () => {
    const { app } = setup();
    const res = await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, await leaderToken(app));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: '2.0', resource: 'faction', request: { method: 'GET' } });
    const { members } = swcapi(res);
    expect(Object.keys(members)).toEqual(['attributes', 'member']);
    expect(members.attributes).toEqual({ start: 1, total: 2000, count: 50 });
    expect(members.member[0]).toEqual({
      attributes: { uid: JORIN, href: `http://localhost/ws/v2.0/character/${JORIN}` },
      value: 'Jorin Vex',
    });
    const uids = members.member.map((m: Member) => Number(m.attributes.uid.split(':')[1]));
    expect(uids).toEqual([...uids].sort((a, b) => a - b));
  });

  it('pages with start_index and item_count up to 200; a client reads all 2,000 members in 10 calls, the last page included', async () => {
    const { app, sim } = setup();
    const token = await leaderToken(app);
    const before = sim.stats().requests;
    const seen: string[] = [];
    let calls = 0;
    for (let start = 1; ; calls++) {
      const page = swcapi(await wsGet(app, `/ws/v2.0/faction/${GWS}/members?start_index=${start}&item_count=1000`, token)).members;
      expect(page.attributes.count).toBeLessThanOrEqual(200);
      seen.push(...page.member.map((m: Member) => m.attributes.uid));
      if (page.attributes.start - 1 + page.attributes.count >= page.attributes.total) break;
      start += page.attributes.count;
    }
    expect(calls + 1).toBe(10);
    expect(sim.stats().requests - before).toBe(10);
    expect(new Set(seen).size).toBe(2000);
    expect(seen).toEqual(sim.population.members(GWS).map((c) => c.uid));

    const last = swcapi(await wsGet(app, `/ws/v2.0/faction/${GWS}/members?start_index=1901&item_count=200`, token)).members;
    expect(last.attributes).toEqual({ start: 1901, total: 2000, count: 100 });
    const beyond = swcapi(await wsGet(app, `/ws/v2.0/faction/${GWS}/members?start_index=2001`, token)).members;
    expect(beyond).toEqual({ attributes: { start: 2001, total: 2000, count: 0 }, member: [] });
  });

  it('refuses paging parameters that are not whole numbers of at least 1 with 400 in the envelope', async () => {
    const { app } = setup();
    const token = await leaderToken(app);
    for (const q of ['item_count=0', 'start_index=0', 'item_count=abc', 'start_index=-5']) {
      const res = await wsGet(app, `/ws/v2.0/faction/${GWS}/members?${q}`, token);
      expect(res.statusCode, q).toBe(400);
      expect(swcapi(res)).toEqual({ error_code: 400, error_message: expect.stringMatching(/must be a whole number/) });
    }
  });

  it('answers 401 without a valid token and 403 without faction_members (faction_all also opens it)', async () => {
    const { app } = setup();
    const none = await wsGet(app, `/ws/v2.0/faction/${GWS}/members`);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('OAuth realm="SWCombine"');
    expect(swcapi(none)).toEqual({ error_code: 401, error_message: 'This resource needs an access token.' });
    expect((await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, 'not-a-token')).statusCode).toBe(401);

    const readOnly = await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, await leaderToken(app, JORIN, 'character_read faction_read'));
    expect(readOnly.statusCode).toBe(403);
    expect(swcapi(readOnly)).toEqual({ error_code: 403, error_message: 'This resource needs the faction_members scope.' });

    const all = await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, await leaderToken(app, JORIN, 'faction_all'));
    expect(all.statusCode).toBe(200);
  });

  it("lets only the faction's own members read it: another faction's leader and a player without faction get 403", async () => {
    const { app } = setup();
    const other = await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, await leaderToken(app, RORRWAAK));
    expect(other.statusCode).toBe(403);
    expect(swcapi(other)).toEqual({ error_code: 403, error_message: 'Only members of Galactic Weapon Systems may read its member list.' });
    expect((await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, await leaderToken(app, MIRA))).statusCode).toBe(403);

    const own = swcapi(await wsGet(app, `/ws/v2.0/faction/${CEC}/members?item_count=200`, await leaderToken(app, RORRWAAK))).members;
    expect(own.member.map((m: Member) => m.value)).toContain('Rorrwaak');
    expect(own.attributes.total).toBe(swcapi(await wsGet(app, `/ws/v2.0/faction/${CEC}`)).faction.members.value);
  });

  it('lets an ordinary generated member read its faction too', async () => {
    const { app } = setup();
    const res = await wsGet(app, `/ws/v2.0/faction/${GWS}/members?item_count=1`, await leaderToken(app, '1:104321'));
    expect(swcapi(res).members).toMatchObject({ attributes: { start: 1, total: 2000, count: 1 } });
  });

  it('answers 404 for a faction that does not exist', async () => {
    const { app } = setup();
    const res = await wsGet(app, '/ws/v2.0/faction/20:999999/members', await leaderToken(app));
    expect(res.statusCode).toBe(404);
    expect(swcapi(res)).toEqual({ error_code: 404, error_message: 'No faction 20:999999.' });
  });

  it('counts against the rate limit like every call, refused ones too', async () => {
    const { app, sim } = setup({ rateLimit: { limit: 3, windowSeconds: 60 } });
    const token = await leaderToken(app);
    const first = await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, token);
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    await wsGet(app, `/ws/v2.0/faction/${GWS}/members`);
    await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, token);
    const over = await wsGet(app, `/ws/v2.0/faction/${GWS}/members`, token);
    expect(over.statusCode).toBe(400);
    expect(over.headers['retry-after']).toBeDefined();
    expect(sim.stats()).toEqual({ requests: 4, served: 3, overLimit: 1 });
  });
});
