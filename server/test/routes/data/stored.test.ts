import type { DataPage } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertEntities } from '../../../src/services/sync/queries/entities.ts';
import { appFixture, serviceJwtFixture } from '../../helpers/fixtures.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../../helpers/test-app.ts';
import { fillNow, syncNow, syncWithDetails } from '../../services/sync/run-helpers.ts';

let ctx: TestContext;
let admin: string;
let player: string;
/** A service JWT issued on /admin/jwts for the data API's audience, as a service finds it in its Secret. */
let serviceJwt: string;

const DATA_AUDIENCE = `${PUBLIC_URL}/api/data`;
const SHIP = '2:24000001';

const serviceJwtBody = (audience: string, name: string) =>
  serviceJwtFixture({ service_name: name, audience, k8s_namespace: 'radiant', k8s_secret_name: `${name}-jwt` });

/** Creates a service-JWT configuration as the admin does on /admin/jwts: its id and the token in its Secret. */
async function createServiceJwt(audience: string, name: string): Promise<{ id: string; token: string }> {
  const payload = serviceJwtBody(audience, name);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/service-jwts', payload, cookies: { portal_session: admin } });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, token: ctx.kube.value('radiant', `${name}-jwt`, 'token')! };
}

const issueServiceJwt = async (audience: string, name: string) => (await createServiceJwt(audience, name)).token;

const adminCall = (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, cookies: { portal_session: admin } });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  player = (await signIn(ctx, '1:100002')).cookie;
  expect(await syncWithDetails(ctx, 'sectors')).toMatchObject({ status: 'completed', filled: { state: 'done' } });
  const at = ctx.clock.now();
  const { rows } = await ctx.deps.db.query(`INSERT INTO sync_runs (target, status) VALUES ('inventory', 'completed') RETURNING id`);
  await upsertEntities(ctx.deps.db, 'inventory', { runId: rows[0].id, wantedAt: at }, at, [
    {
      uid: SHIP,
      name: 'Vengeance',
      parentUid: '9:1',
      x: 1,
      y: 2,
      typeUid: '2:7',
      className: null,
      ownerUid: '20:2400',
      raw: { value: { uid: SHIP } },
      hash: 'h',
    },
  ]);
  serviceJwt = await issueServiceJwt(DATA_AUDIENCE, 'radiant-bot');
});
afterAll(() => ctx.close());

const get = (url: string, auth: { cookie?: string; bearer?: string } = {}) =>
  ctx.app.inject({
    url,
    cookies: auth.cookie ? { portal_session: auth.cookie } : {},
    headers: auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {},
  });

describe('who may read /api/data', () => {
  it('a signed-in player reads the galaxy, a page at a time with the total', async () => {
    const res = await get('/api/data/sectors?limit=3&offset=10', { cookie: player });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe(240);
    expect(page.items).toHaveLength(3);
    expect(page.items[0]).toMatchObject({
      kind: 'sectors',
      uid: expect.stringMatching(/^25:\d+$/),
      raw: { coordinates: { point: expect.any(Array) } },
    });
  });

  it('a service reads with a service JWT whose audience is the data API', async () => {
    const res = await get('/api/data/sectors/25:7', { bearer: serviceJwt });
    expect(res.statusCode).toBe(200);
    const sector = ctx.sim.galaxy.sectors.get('25:7')!;
    const centre = (axis: 'x' | 'y') => sector.corners.reduce((sum, p) => sum + p[axis], 0) / sector.corners.length;
    expect(res.json()).toMatchObject({ uid: '25:7', name: sector.name, parent_uid: null, x: centre('x'), y: centre('y'), gone_at: null });
  });

  it('nobody else: 401 without a session or token, with a token for another audience, or with a forged one', async () => {
    expect((await get('/api/data/systems')).json()).toEqual({
      error: 'unauthorized',
      message: 'Sign in, or send a service JWT for the data API as "Authorization: Bearer <token>".',
    });
    const other = await issueServiceJwt('billing-api', 'billing-worker');
    const wrongAudience = await get('/api/data/systems', { bearer: other });
    expect(wrongAudience.statusCode).toBe(401);
    expect(wrongAudience.json().message).toBe(`The service JWT is not for the data API: its audience must be ${DATA_AUDIENCE}.`);
    const [header, payload] = serviceJwt.split('.');
    expect((await get('/api/data/systems', { bearer: `${header}.${payload}.forged` })).statusCode).toBe(401);
    expect((await get('/api/data/systems', { bearer: 'not-a-jwt' })).statusCode).toBe(401);
  });

  it('an expired service JWT is refused', async () => {
    ctx.clock.advance(56 * 60_000);
    try {
      const res = await get('/api/data/systems', { bearer: serviceJwt });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('The service JWT has expired; use the rotated one from its Secret.');
    } finally {
      ctx.clock.advance(-56 * 60_000);
    }
  });

  it('an app token for a player is refused, even one for the data API audience naming a service', async () => {
    const iat = Math.floor(ctx.clock.now().getTime() / 1000);
    // What /auth/verify gives an app whose audience is the data API's: it names the player's session.
    const appToken = await ctx.deps.keys.sign(
      { iss: PUBLIC_URL, aud: DATA_AUDIENCE, sub: '1:100002', client_id: 'radiant-bot', sid: 'a-session', iat, exp: iat + 300, jti: 'j' },
      'at+jwt',
    );
    const res = await get('/api/data/systems', { bearer: appToken });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'unauthorized',
      message: 'The bearer token is an app token for a player, not a service JWT; create a service JWT on /admin/jwts.',
    });
  });

  it("a deleted configuration's tokens are refused at once; one with rotation turned off still reads", async () => {
    const { id, token } = await createServiceJwt(DATA_AUDIENCE, 'old-bot');
    const paused = await adminCall('PUT', `/api/admin/service-jwts/${id}`, {
      ...serviceJwtBody(DATA_AUDIENCE, 'old-bot'),
      rotation_enabled: false,
    });
    expect(paused.statusCode).toBe(200);
    expect((await get('/api/data/systems', { bearer: token })).statusCode).toBe(200);

    expect((await adminCall('DELETE', `/api/admin/service-jwts/${id}`)).statusCode).toBeLessThan(300);
    const res = await get('/api/data/systems', { bearer: token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The service JWT\'s configuration "old-bot" for the data API no longer exists on /admin/jwts.');
    // The live one still reads.
    expect((await get('/api/data/systems', { bearer: serviceJwt })).statusCode).toBe(200);
  });

  it("no app may take the data API's audience (its tokens would pass for a service's): 400", async () => {
    const res = await adminCall('POST', '/api/admin/apps', appFixture({ key: 'sneaky', audience: DATA_AUDIENCE }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: `audience must not be ${DATA_AUDIENCE}: that is the data API's, read by services with a service JWT from /admin/jwts.`,
    });
  });

  it('the faction inventory: admins and services, not other players (403)', async () => {
    expect((await get(`/api/data/inventory/${SHIP}`, { cookie: admin })).json()).toMatchObject({ uid: SHIP, owner_uid: '20:2400' });
    expect((await get('/api/data/inventory', { bearer: serviceJwt })).json()).toMatchObject({ total: 1 });
    const refused = await get('/api/data/inventory', { cookie: player });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'The faction inventory needs the admin role or a service JWT.' });
    expect((await get(`/api/data/inventory/${SHIP}`, { cookie: player })).statusCode).toBe(403);
  });
});

describe('finding rows', () => {
  it('q matches part of a name in any case, or a whole UID', async () => {
    const name = ctx.sim.galaxy.sectors.get('25:42')!.name;
    const byName = (await get(`/api/data/sectors?q=${encodeURIComponent(name.slice(1, 5).toUpperCase())}`, { cookie: player })).json();
    expect(byName.items.map((i: { uid: string }) => i.uid)).toContain('25:42');
    expect(byName.total).toBe(byName.items.length);
    const byUid = (await get('/api/data/sectors?q=25:42', { cookie: player })).json();
    expect(byUid).toMatchObject({ total: 1, items: [{ uid: '25:42' }] });
    expect((await get('/api/data/sectors?q=%25', { cookie: player })).json().total).toBe(0);
  });

  it('404 for a UID never synced', async () => {
    const res = await get('/api/data/systems/9:999999', { cookie: player });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No systems row with UID 9:999999 has been synced.' });
  });

  it.each([
    ['/api/data/systems?limit=0', 'limit must be at least 1'],
    ['/api/data/systems?limit=201', 'limit must be at most 200'],
    ['/api/data/systems?limit=ten', 'limit must be a whole number'],
    ['/api/data/systems?offset=-1', 'offset must be a whole number'],
    ['/api/data/systems?q=a%01b', 'q must not contain control characters'],
    ['/api/data/systems/9%3A1%00', 'uid must not contain control characters'],
    ['/api/data/moons', 'target must be one of factions, sectors'],
  ])('400 for %s, naming the field', async (url, message) => {
    const res = await get(url, { cookie: player });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining(message) });
  });
});

describe('rows whose details are still to be read', () => {
  it('are marked details_pending until the details fill has read them', async () => {
    expect(await syncNow(ctx, 'droids')).toMatchObject({ status: 'completed', message: 'droids: 48 (48 new)' });
    const before = (await get('/api/data/droids?limit=200', { cookie: player })).json() as DataPage;
    expect(before.total).toBe(48);
    expect(before.items.every((d) => d.details_pending && d.class === null)).toBe(true);

    expect(await fillNow(ctx)).toEqual({ state: 'done', filled: 48 });
    const after = (await get('/api/data/droids?limit=200', { cookie: player })).json() as DataPage;
    expect(after.items.every((d) => !d.details_pending && d.class !== null)).toBe(true);
    expect((await get(`/api/data/droids/${after.items[0]!.uid}`, { cookie: player })).json()).toMatchObject({ details_pending: false });
  });
});
