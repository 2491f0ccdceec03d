import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceJwtFixture } from '../helpers/fixtures.ts';
import { approveAtSimulator, finishSignIn, signIn, startSignIn } from '../helpers/sign-in.ts';
import { createTestApp, DASHBOARD, PUBLIC_URL, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(() => ctx.close());

const count = async (table: string) => Number((await ctx.deps.db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const writtenRows = async () => ({
  attempts: await count('login_attempts'),
  sessions: await count('sessions'),
  audit: await count('audit_log'),
});
const login = (rd: string, cookie?: string) =>
  ctx.app.inject({
    url: `/auth/login?aud=portal&rd=${encodeURIComponent(rd)}`,
    ...(cookie ? { cookies: { portal_session: cookie } } : {}),
  });

describe('a return address (rd) the browser could not be sent back to', () => {
  // Each of these matched the registered dashboard once the URL parser had dropped or stripped
  // the character, and then broke the Location header after the session was written.
  const hostile = [
    ['a line feed inside', `${PUBLIC_URL}/dash\nboard`],
    ['a trailing line feed', `${DASHBOARD}\n`],
    ['a leading control character', `\u0001${DASHBOARD}`],
    ['a tab', `${PUBLIC_URL}/dash\tboard`],
    ['a NUL', `${DASHBOARD}\u0000`],
    ['a space', ` ${DASHBOARD}`],
  ];

  it.each(hostile)('with %s is refused by /auth/login before anything is written', async (_what, rd) => {
    const before = await writtenRows();
    const res = await login(rd);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'querystring.rd: Return address (rd) must not contain spaces or control characters',
    });
    expect(await writtenRows()).toEqual(before);
  });

  it.each(hostile)('with %s is refused for a signed-in browser too (no single sign-on redirect)', async (_what, rd) => {
    const res = await login(rd, admin);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('with an encoded line feed in the host is refused', async () => {
    const before = await writtenRows();
    const res = await login(`http://localhost%0A:3000/dashboard`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The return address (rd) must not contain spaces or control characters.');
    expect(await writtenRows()).toEqual(before);
  });
});

describe('an accepted return address', () => {
  const sent = "http://LOCALHOST:3000/dashboard?note=it's";
  const normalised = 'http://localhost:3000/dashboard?note=it%27s';

  it('is stored and redirected to in its normalised form', async () => {
    const { authorizeUrl, stateCookie } = await startSignIn(ctx, { aud: 'portal', rd: sent });
    const state = new URL(authorizeUrl).searchParams.get('state');
    expect(state).toBe(stateCookie);
    const stored = await ctx.deps.db.query('SELECT rd FROM login_attempts ORDER BY created_at DESC LIMIT 1');
    expect(stored.rows[0].rd).toBe(normalised);
    const res = await finishSignIn(ctx, await approveAtSimulator(authorizeUrl, '1:100002'), stateCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(normalised);
  });

  it('is normalised for single sign-on as well', async () => {
    const res = await login(sent, admin);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(normalised);
  });

  it('stored raw by an older version ends the callback before a session or audit row is written', async () => {
    const { authorizeUrl, stateCookie } = await startSignIn(ctx);
    await ctx.deps.db.query('UPDATE login_attempts SET rd = $1', [`\u0001${DASHBOARD}`]);
    const callback = await approveAtSimulator(authorizeUrl, '1:100002');
    const before = await writtenRows();
    const res = await finishSignIn(ctx, callback, stateCookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The return address is no longer one of the redirect URLs');
    expect(res.headers['set-cookie'] ?? '').not.toContain('portal_session=');
    const after = await writtenRows();
    expect({ sessions: after.sessions, audit: after.audit }).toEqual({ sessions: before.sessions, audit: before.audit });
  });
});

describe('NUL in parameters answers 400 naming the parameter, not 500', () => {
  it.each([
    ['/auth/verify?aud=%00', 'querystring.aud: Audience (aud) must not contain control characters'],
    [`/auth/login?aud=%00&rd=${encodeURIComponent(DASHBOARD)}`, 'querystring.aud: Audience (aud) must not contain control characters'],
    ['/auth/callback?state=%00&code=x', 'querystring.state: state must not contain control characters'],
    ['/api/admin/users?q=%00', 'querystring.q: Search must not contain control characters'],
    ['/api/admin/users?limit=%00', 'querystring.limit: limit must not contain control characters'],
    ['/api/admin/users/00000000-0000-4000-8000-000000000000/apps/%00', 'params.appKey: App key must not contain control characters'],
    [
      '/api/admin/users/00000000-0000-4000-8000-000000000000/sessions/%00',
      'params.sid: Session id (sid) must not contain control characters',
    ],
    ['/api/admin/users/%00/access', 'params.id: id must be a user id (a UUID)'],
  ])('%s', async (url, message) => {
    const method = url.includes('/sessions/') ? 'DELETE' : 'GET';
    const res = await ctx.app.inject({
      method,
      url,
      cookies: { portal_session: admin },
      headers: method === 'GET' ? {} : { origin: PUBLIC_URL },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message });
  });
});

describe('service JWT secret keys', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('refuses the reserved key %s before writing anything', async (key) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/service-jwts',
      cookies: { portal_session: admin },
      headers: { origin: PUBLIC_URL },
      payload: {
        ...serviceJwtFixture({ service_name: 'billing', audience: 'api', subject: 'svc', ttl_minutes: 60, rotation_interval_minutes: 60 }),
        k8s_secret_key: key,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: `body.k8s_secret_key: K8s secret key "${key}" is reserved; choose another name`,
    });
    expect(ctx.kube.secrets.size).toBe(0);
    expect(await count('service_jwt_configs')).toBe(0);
  });
});

describe('a lone UTF-16 surrogate, which PostgreSQL cannot store', () => {
  // JSON may escape half a surrogate pair; the string it parses to has no UTF-8 form, and the
  // audit row (jsonb) refused it with a 500 after the grant was checked.
  const body = async (value: string) => {
    const { rows } = await ctx.deps.db.query(
      `SELECT u.id AS user_id, a.id AS app_id FROM users u, apps a WHERE u.uid = '1:100001' AND a.key = 'portal'`,
    );
    return `{"userId":"${rows[0].user_id}","appId":"${rows[0].app_id}","value":"${value}"}`;
  };
  it.each([
    ['/api/admin/roles/grant', 'Role'],
    ['/api/admin/consents/grant', 'Scope'],
    ['/api/admin/roles/revoke', 'Value'],
  ])('in the value of %s is a 400 that says so', async (url, label) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      cookies: { portal_session: admin },
      headers: { 'content-type': 'application/json' },
      payload: await body('\\ud800'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`${label} holds a broken character`);
  });

  it('in an app name is a 400, and nothing is stored', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/apps',
      cookies: { portal_session: admin },
      headers: { 'content-type': 'application/json' },
      payload: '{"key":"surrogate","name":"Bad \\udc00 name","audience":"surrogate"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Name holds a broken character');
    expect((await ctx.deps.db.query(`SELECT 1 FROM apps WHERE key = 'surrogate'`)).rowCount).toBe(0);
  });
});
