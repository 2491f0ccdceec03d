import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFixture, serviceJwtFixture } from '../helpers/fixtures.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let writes: [string, string][];
const ids: Record<string, string> = {};

const SERVICE_JWT = serviceJwtFixture();
const APP = appFixture({ url: 'https://wiki.example.com/' });

/** Valid bodies, so that each refused request would have changed something had it got through. */
const BODIES: Record<string, object> = {
  'POST /api/admin/apps': { ...APP, key: 'evil', audience: 'evil' },
  'PUT /api/admin/apps/{id}': { ...APP, name: 'Hijacked' },
  'POST /api/admin/users': { uid: '1:100999' },
  'POST /api/admin/service-jwts': { ...SERVICE_JWT, service_name: 'evil' },
  'PUT /api/admin/service-jwts/{id}': { ...SERVICE_JWT, ttl_minutes: 60 },
  'POST /api/swc/auth-token': { enabled: true },
  'POST /api/me/notices/seen': { until: '2026-11-22T12:00:00Z' },
};
const bodyFor = (method: string, template: string): object | undefined =>
  BODIES[`${method} ${template}`] ??
  (/\/api\/admin\/(consents|roles)\//.test(template) ? { userId: ids.userId, appId: ids.appId, value: 'admin' } : undefined);

/** Every row of every table, so that any write at all shows. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await ctx.deps.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await ctx.deps.db.query(`SELECT t::text AS row FROM "${name}" t ORDER BY 1`);
    result[name] = rows.rows.map((r: { row: string }) => r.row).join('\n');
  }
  return result;
}

function fill(template: string): string {
  return template
    .replace('{id}', template.includes('/users/') ? ids.userId! : template.includes('/apps/') ? ids.appId! : ids.jwtId!)
    .replace('{appKey}', 'wiki')
    .replace('{sid}', template.startsWith('/api/me/') ? ids.ownSid! : ids.sid!);
}

/** Spellings that the router decodes or normalises to the same route, or that it should refuse. */
function pathVariants(path: string): string[] {
  return [
    path,
    path.replace(/^\/api\//, '/%61pi/'),
    path.replace(/^\/api\/admin\//, '/api/%61dmin/'),
    path.replace(/^\/auth\//, '/%61uth/'),
    path.replace(/^\//, '//'),
    path.replace(/\/(?=[^/]*$)/, '//'),
    path.replace(/\//g, '%2F').replace(/^%2F/, '/'),
    path.replace(/^\/api\//, '/api%2F'),
    path.replace(/^\/(\w+)\//, '/$1/./'),
    path.toUpperCase(),
  ].filter((p, i, all) => all.indexOf(p) === i);
}

const SERVER_TO_SERVER = new Set(['/auth/token', '/oidc/token', '/oidc/device/auth', '/oidc/revoke', '/oidc/introspect', '/oidc/userinfo']);

/** Browser routes that take an HTML form (OpenID Connect's form posts, sign-out). */
const FORM_ROUTES = new Set([
  '/auth/logout',
  '/oidc/authorize',
  '/oidc/authorize/{uid}',
  '/oidc/logout',
  '/oidc/logout/confirm',
  '/device',
]);
const signsOut = (path: string) => path === '/auth/logout' || path.startsWith('/oidc/logout');

const CROSS_SITE_HEADERS: Record<string, string | undefined>[] = [
  { origin: 'https://evil.example.net' },
  { origin: 'http://localhost:3000.evil.example.net' },
  { origin: 'http://localhost:4000', 'sec-fetch-site': 'same-site' },
  { origin: 'null' },
  { origin: undefined },
  { origin: undefined, 'sec-fetch-site': 'same-site' },
  { origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' },
];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  await signIn(ctx, '1:100002');
  const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((m) => m.toUpperCase())
      .filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))
      .map((m): [string, string] => [m, path]),
  );
  // Called by other services, never by a browser (config.crossSite = 'server-to-server'): see auth/token.test.ts.
  writes = writes.filter(([, path]) => !SERVER_TO_SERVER.has(path));
  // Signing out last: were the guard missing, the earlier calls would show their own success.
  writes.sort(([, a], [, b]) => Number(signsOut(a)) - Number(signsOut(b)));
  const call = (method: 'POST', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, cookies: { portal_session: admin } });
  ids.appId = (await call('POST', '/api/admin/apps', APP)).json().id;
  ids.jwtId = (await call('POST', '/api/admin/service-jwts', SERVICE_JWT)).json().id;
  const users = (await ctx.app.inject({ url: '/api/admin/users?q=Mira', cookies: { portal_session: admin } })).json();
  ids.userId = users[0].id;
  ids.sid = (await ctx.app.inject({ url: `/api/admin/users/${ids.userId}/sessions`, cookies: { portal_session: admin } })).json()[0].sid;
  await call('POST', `/api/admin/users/${ids.userId}/apps/wiki/grant`, {});
  // The admin's own account: another session to sign out, and an app holding a grant to disconnect, so that
  // each refused write below would have changed something had it got through.
  await signIn(ctx, '1:100001');
  const own = (await ctx.app.inject({ url: '/api/me/sessions', cookies: { portal_session: admin } })).json();
  ids.ownSid = own.find((s: { current: boolean }) => !s.current).sid;
  await ctx.deps.db.query(
    `INSERT INTO oidc_payloads (model, id, payload, client_id, account_id, expires_at)
     VALUES ('Grant', 'admin-grant', '{"iat": 1795000000, "openid": {"scope": "openid"}}', 'wiki', '1:100001', '2100-01-01')`,
  );
  expect((await ctx.app.inject({ url: '/api/me/connected-apps', cookies: { portal_session: admin } })).json().oidc).toHaveLength(1);
});
afterAll(() => ctx.close());

describe('cross-site writes', () => {
  it('are refused on every state-changing route however the path is spelled, and change nothing', async () => {
    expect(writes.length).toBeGreaterThan(15);
    expect(writes).toContainEqual(['POST', '/auth/logout']);
    const before = await snapshot();
    const jobsBefore = ctx.sentJobs.length;
    const secretBefore = ctx.kube.value('billing', 'billing-jwt', 'token');
    const failures: string[] = [];
    let tried = 0;
    for (const [method, template] of writes) {
      const body = bodyFor(method, template);
      for (const url of pathVariants(fill(template))) {
        for (const headers of CROSS_SITE_HEADERS) {
          for (const payload of [
            body && { 'content-type': 'application/json', body: JSON.stringify(body) },
            { 'content-type': 'application/x-www-form-urlencoded', body: new URLSearchParams(body as Record<string, string>).toString() },
            { 'content-type': 'text/plain', body: JSON.stringify(body ?? {}) },
          ]) {
            const res = await ctx.app.inject({
              method: method as 'POST',
              url,
              cookies: { portal_session: admin },
              headers: { ...headers, ...(payload ? { 'content-type': payload['content-type'] } : {}) },
              ...(payload ? { payload: payload.body } : {}),
            });
            tried++;
            const refused = res.statusCode === 404 || (res.statusCode === 403 && res.json().error === 'forbidden');
            if (!refused) failures.push(`${method} ${url} ${JSON.stringify(headers)} → ${res.statusCode}`);
          }
        }
      }
      // From the portal's own origin a form or text body is refused as a media type; nothing is written either.
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
        if (FORM_ROUTES.has(template) && type.startsWith('application/x-www-form-urlencoded')) continue;
        const res = await ctx.app.inject({
          method: method as 'POST',
          url: fill(template),
          cookies: { portal_session: admin },
          headers: { 'content-type': type },
          payload: type.startsWith('multipart')
            ? '--x\r\nContent-Disposition: form-data; name="value"\r\n\r\nadmin\r\n--x--'
            : 'value=admin',
        });
        tried++;
        if (res.statusCode !== 415 || res.json().error !== 'unsupported_media_type')
          failures.push(`${method} ${template} as ${type} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(1000);
    expect(await snapshot()).toEqual(before);
    expect(ctx.sentJobs.length).toBe(jobsBefore);
    expect(ctx.kube.value('billing', 'billing-jwt', 'token')).toBe(secretBefore);
  }, 180_000);

  it('go through from the portal’s own origin, even on an encoded path: the refusals above were the guard’s', async () => {
    const grant = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/admin/roles/grant',
      cookies: { portal_session: admin },
      payload: { userId: ids.userId, appId: ids.appId, value: 'editor' },
    });
    expect(grant.statusCode).toBe(200);
    const sameOrigin = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${ids.userId}/apps/wiki/suspend`,
      cookies: { portal_session: admin },
      headers: { origin: undefined, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.json()).toMatchObject({ status: 'suspended' });
  });
});

describe('request bodies on /api', () => {
  const post = (headers: Record<string, string>, payload: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/swc/auth-token', cookies: { portal_session: admin }, headers, payload });

  it.each([
    ['application/x-www-form-urlencoded', 'enabled=true'],
    ['text/plain', '{"enabled":true}'],
    ['application/json; charset=utf-16', '{"enabled":true}'],
    ['application/json; charset=latin1', '{"enabled":true}'],
    ['application/json;charset=utf-8;charset=utf-16', '{"enabled":true}'],
    ['application/json; charset=utf-8; CHARSET=utf-8', '{"enabled":true}'],
  ])('refuses %s with 415 and a message naming what to send', async (type, body) => {
    const res = await post({ 'content-type': type }, body);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'unsupported_media_type', message: expect.stringMatching(/UTF-8|application\/json/) });
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON; charset="UTF-8"'])('accepts %s', async (type) => {
    const res = await post({ 'content-type': type }, '{"enabled":false}');
    expect(res.statusCode).toBe(200);
  });

  it('refuses a body without a Content-Type', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/swc/auth-token',
      cookies: { portal_session: admin },
      payload: Buffer.from('{"enabled":true}'),
    });
    expect(res.statusCode).toBe(415);
  });

  it('lets the same-origin SPA call without a body (grant, suspend, rotate-now)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${ids.userId}/apps/wiki/grant`,
      cookies: { portal_session: admin },
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
    });
    expect(res.json()).toMatchObject({ status: 'active' });
  });
});
