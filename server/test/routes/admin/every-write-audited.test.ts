import { allEndpoints, pathOf, queryString, type Endpoint } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorConnection } from '../../helpers/discord.ts';
import { appFixture, createAppFixture, serviceJwtFixture } from '../../helpers/fixtures.ts';
import { authorize, CookieJar, createClientSecret, exchange, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { approveAtSimulator, cookieValue, signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

/**
 * Every admin write the contract declares (any method but GET under /api/admin/) is called here as an
 * admin would, and must write at least one audit event naming that admin. The list comes from the
 * declarations: a new write route fails this test until it has a way to be called below, and then
 * until it writes its event.
 */
const adminWrites = allEndpoints.filter((e) => e.method !== 'GET' && !e.readOnly && e.path.startsWith('/api/admin/'));
const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
}

let ctx: TestContext;
let admin: string;
let adminId: string;
let miraId: string;
let wikiId: string;

const newApp = async (key: string) => (await createAppFixture(ctx, { key, name: key })).id;
const newGroup = async (name: string) => (await send('POST', '/api/admin/groups', { name, description: '' })).json<{ id: string }>().id;
const createJwt = async (name: string) => {
  const res = await send('POST', '/api/admin/service-jwts', serviceJwtFixture({ service_name: name }));
  return res.json<{ id: string }>().id;
};
async function miraSid(): Promise<string> {
  await signIn(ctx, '1:100002');
  const { rows } = await ctx.deps.db.query<{ sid: string }>(
    'SELECT sid FROM sessions WHERE user_id = $1 AND ended_at IS NULL ORDER BY created_at DESC LIMIT 1',
    [miraId],
  );
  return rows[0]!.sid;
}
/** Mira signs in to an app through OpenID Connect, so it holds a grant for her: its key. */
async function miraConnectedApp(): Promise<string> {
  await createAppFixture(ctx, { key: 'linked', name: 'Linked', redirect_urls: [WIKI_REDIRECT], skip_uid_whitelist: true });
  const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  const flow = await authorize(ctx, jar, { client_id: 'linked', scope: 'openid' });
  await exchange(ctx, flow.code!, flow.verifier, {}, { client_id: 'linked' });
  return 'linked';
}
const BINDING = { tenant_id: '1324', actor: 'faction-leader' };
async function connectBinding() {
  const start = await ctx.app.inject({
    url: `/api/admin/swc/connect${queryString({ ...BINDING, requested_scopes: 'CHARACTER_AUTH' })}`,
    cookies: { portal_session: admin },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  const url = new URL(await approveAtSimulator(start.headers.location!, '1:100001'));
  await ctx.app.inject({
    url: url.pathname + url.search,
    cookies: { portal_login_state: cookieValue(start, 'portal_login_state')!, portal_session: admin },
  });
}
/** A request of Mira's to join a new `request` group, waiting for an answer. */
async function miraRequest(name: string): Promise<string> {
  const group = (await send('POST', '/api/admin/groups', { name, description: '', joining: 'request' })).json<{ id: string }>().id;
  const mira = (await signIn(ctx, '1:100002')).cookie;
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/me/group-requests',
    payload: { group_id: group },
    cookies: { portal_session: mira },
  });
  return asked.json<{ request_id: string }>().request_id;
}
const FORWARDING = { url: 'https://siem.example.com/hooks/portal', secret: 'a-secret-of-24-characters' };

/** How to make each admin write succeed: what must exist first, and the call's params, query and body. */
const CALLS: Record<string, () => Promise<Call>> = {
  'POST /api/admin/apps': async () => ({ body: appFixture({ key: 'created' }) }),
  'PUT /api/admin/apps/:id': async () => ({ params: { id: await newApp('edited') }, body: appFixture({ key: 'edited', name: 'Edited' }) }),
  'DELETE /api/admin/apps/:id': async () => ({ params: { id: await newApp('deleted') } }),
  'POST /api/admin/apps/:id/client-secret': async () => ({ params: { id: await newApp('confidential') } }),
  'DELETE /api/admin/apps/:id/client-secret': async () => {
    const id = await newApp('public-again');
    await createClientSecret(ctx, admin, id);
    return { params: { id } };
  },
  'POST /api/admin/users': async () => ({ body: { uid: '1:777777' } }),
  'DELETE /api/admin/users/:id/sessions': async () => (await miraSid(), { params: { id: miraId } }),
  'DELETE /api/admin/users/:id/sessions/:sid': async () => ({ params: { id: miraId, sid: await miraSid() } }),
  'DELETE /api/admin/users/:id/passkeys/:passkeyId': async () => {
    const { rows } = await ctx.deps.db.query<{ id: string }>(
      `INSERT INTO passkeys (user_id, credential_id, public_key, device_type, name, created_at)
       VALUES ($1, 'lost-key', '\\x00', 'singleDevice', 'Lost key', now()) RETURNING id`,
      [miraId],
    );
    return { params: { id: miraId, passkeyId: rows[0]!.id } };
  },
  'DELETE /api/admin/users/:id/connected-apps/:appKey': async () => ({ params: { id: miraId, appKey: await miraConnectedApp() } }),
  'POST /api/admin/users/:id/apps/:appKey/grant': async () => ({ params: { id: miraId, appKey: 'wiki' } }),
  'POST /api/admin/users/:id/apps/:appKey/suspend': async () => ({ params: { id: miraId, appKey: 'wiki' } }),
  'DELETE /api/admin/users/:id/apps/:appKey/grant': async () => ({ params: { id: miraId, appKey: 'wiki' } }),
  'POST /api/admin/consents/grant': async () => ({ body: { userId: miraId, appId: wikiId, value: 'read' } }),
  'POST /api/admin/consents/revoke': async () => {
    await send('POST', '/api/admin/consents/grant', { userId: miraId, appId: wikiId, value: 'write' });
    return { body: { userId: miraId, appId: wikiId, value: 'write' } };
  },
  'POST /api/admin/roles/grant': async () => ({ body: { userId: miraId, appId: wikiId, value: 'staff' } }),
  'POST /api/admin/roles/revoke': async () => {
    await send('POST', '/api/admin/roles/grant', { userId: miraId, appId: wikiId, value: 'editor' });
    return { body: { userId: miraId, appId: wikiId, value: 'editor' } };
  },
  'POST /api/admin/service-jwts': async () => ({ body: serviceJwtFixture({ service_name: 'created-worker' }) }),
  'PUT /api/admin/service-jwts/:id': async () => ({
    params: { id: await createJwt('edited-worker') },
    body: serviceJwtFixture({ service_name: 'edited-worker', ttl_minutes: 30 }),
  }),
  'DELETE /api/admin/service-jwts/:id': async () => ({ params: { id: await createJwt('deleted-worker') } }),
  'POST /api/admin/service-jwts/:id/rotate-now': async () => ({ params: { id: await createJwt('rotated-worker') } }),
  'POST /api/admin/signing-keys/replace': async () => ({}),
  'DELETE /api/admin/swc/binding': async () => (await connectBinding(), { query: BINDING }),
  'POST /api/admin/radiant-mgmt/sync/:target': async () => ({ params: { target: 'factions' } }),
  'PUT /api/admin/radiant-mgmt/schedules/:target': async () => ({ params: { target: 'inventory' }, body: { everyHours: 1 } }),
  'DELETE /api/admin/radiant-mgmt/schedules/:target': async () => {
    await send('PUT', '/api/admin/radiant-mgmt/schedules/factions', { everyHours: 24 });
    return { params: { target: 'factions' } };
  },
  'PUT /api/admin/apps/:id/access-rules': async () => ({
    params: { id: wikiId },
    body: { rules: [{ group_id: await newGroup('Rule group'), roles: ['pilot'], scopes: [], grace_hours: 0 }] },
  }),
  'POST /api/admin/groups': async () => ({ body: { name: 'Fleet Ops', description: 'Pilots' } }),
  'PUT /api/admin/groups/:id': async () => ({
    params: { id: await newGroup('Renamed') },
    body: { name: 'Renamed again', description: '' },
  }),
  'DELETE /api/admin/groups/:id': async () => ({ params: { id: await newGroup('Deleted') } }),
  'PUT /api/admin/groups/:id/shown-to-apps': async () => ({ params: { id: await newGroup('Shown') }, body: { shown_to_apps: true } }),
  'POST /api/admin/groups/:id/members': async () => ({ params: { id: await newGroup('Bulk') }, body: { uids: ['1:100002', '1:123456'] } }),
  'DELETE /api/admin/groups/:id/members/:userId': async () => {
    const id = await newGroup('Removal');
    await send('POST', `/api/admin/groups/${id}/members`, { uids: ['1:100002'] });
    return { params: { id, userId: miraId } };
  },
  'POST /api/admin/groups/refresh': async () => ({}),
  // A faction SWCombine lists (read once a day), never seen here: a rule naming it first makes its group.
  'POST /api/admin/groups/factions/:factionUid': async () => {
    await ctx.deps.db.query("INSERT INTO swc_factions (faction_uid, name, read_at) VALUES ('20:310', 'Hutt Cartel', now())");
    return { params: { factionUid: '20:310' } };
  },
  'PUT /api/admin/groups/:id/managers': async () => ({ params: { id: await newGroup('Managed') }, body: { uids: ['1:100002'] } }),
  'POST /api/admin/group-requests/:id/approve': async () => ({ params: { id: await miraRequest('Approved') }, body: {} }),
  'POST /api/admin/group-requests/:id/deny': async () => ({ params: { id: await miraRequest('Denied') }, body: { reason: 'Full' } }),
  'POST /api/admin/radiant-mgmt/schedules/:target/pause': async () => {
    await send('PUT', '/api/admin/radiant-mgmt/schedules/systems', { everyHours: 6 });
    return { params: { target: 'systems' } };
  },
  'POST /api/admin/radiant-mgmt/schedules/:target/resume': async () => {
    await send('PUT', '/api/admin/radiant-mgmt/schedules/sectors', { everyHours: 6 });
    await send('POST', '/api/admin/radiant-mgmt/schedules/sectors/pause');
    return { params: { target: 'sectors' } };
  },
  'PUT /api/admin/audit/forwarding': async () => ({ body: FORWARDING }),
  'DELETE /api/admin/audit/forwarding': async () => (await send('PUT', '/api/admin/audit/forwarding', FORWARDING), {}),
  'PUT /api/admin/discord': async () => ({ body: simulatorConnection(ctx) }),
  'DELETE /api/admin/discord': async () => (await send('PUT', '/api/admin/discord', simulatorConnection(ctx)), {}),
  'PUT /api/admin/discord/role-rules': async () => {
    await send('PUT', '/api/admin/discord', simulatorConnection(ctx));
    const roles = (await send('GET', '/api/admin/discord/roles')).json<{ id: string; name: string }[]>();
    return { body: { rules: [{ group_id: await newGroup('Discord group'), role_id: roles.find((r) => r.name === 'Industry')!.id }] } };
  },
  'POST /api/admin/discord/reconcile': async () => (await send('PUT', '/api/admin/discord', simulatorConnection(ctx)), {}),
  'DELETE /api/admin/users/:id/discord': async () => {
    await ctx.deps.db.query("INSERT INTO discord_links (user_id, discord_id, username) VALUES ($1, '666944667648000002', 'mira.solan')", [
      miraId,
    ]);
    return { params: { id: miraId } };
  },
};

function send(method: string, url: string, payload?: object) {
  return ctx.app.inject({ method: method as 'POST', url, payload, cookies: { portal_session: admin } });
}

async function eventsByAdmin(): Promise<{ id: string; event: string }[]> {
  const { rows } = await ctx.deps.db.query<{ id: string; event: string }>(
    'SELECT id::text, event FROM audit_log WHERE actor_id = $1 ORDER BY id',
    [adminId],
  );
  return rows;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  await signIn(ctx, '1:100002');
  const users = (await ctx.deps.db.query<{ uid: string; id: string }>('SELECT uid, id FROM users')).rows;
  adminId = users.find((u) => u.uid === '1:100001')!.id;
  miraId = users.find((u) => u.uid === '1:100002')!.id;
  wikiId = await newApp('wiki');
});
afterAll(() => ctx.close());

describe('every admin write route', () => {
  it('is found among the declared endpoints (the walk below is not empty)', () => {
    expect(adminWrites.length).toBeGreaterThanOrEqual(20);
  });

  it.each(adminWrites.map((e) => [keyOf(e), e] as const))('%s writes an audit event naming the acting admin', async (key, endpoint) => {
    const prepare = CALLS[key];
    if (!prepare) {
      expect.fail(`${key} is an admin write with no call in this test: add one to CALLS, and make the route write an audit event`);
    }
    const call = await prepare();
    const before = (await eventsByAdmin()).map((e) => e.id);
    const url = pathOf(endpoint, call.params ?? {}) + queryString(call.query);
    const res = await send(endpoint.method, url, call.body);
    expect(res.statusCode, res.body).toBe(endpoint.status);
    const written = (await eventsByAdmin()).filter((e) => !before.includes(e.id));
    expect(written.length, `${key} wrote no audit event with the admin as actor`).toBeGreaterThan(0);
  });
});
