import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let mira: string;
let jorin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  mira = (await signIn(ctx, '1:100002')).cookie;
  jorin = (await signIn(ctx, '1:100001')).cookie;
  const open = {
    icon: '🛰️',
    description: 'For everyone',
    phase: 'Beta',
    phaseDesc: 'Open testing',
    phaseColor: 'green',
    progress: 40,
  } as const;
  await createAppFixture(ctx, { key: 'open', name: 'Open Tool', url: 'https://open.example.com', ...open, skip_uid_whitelist: true });
  await createAppFixture(ctx, { key: 'granted', name: 'Granted Tool', url: 'https://granted.example.com' });
  await createAppFixture(ctx, { key: 'suspended', name: 'Suspended Tool', url: 'https://suspended.example.com' });
  await createAppFixture(ctx, { key: 'staff', name: 'Staff Tool', url: 'https://staff.example.com', allow_global_admin: true });
  await ctx.deps.db.query(
    `INSERT INTO user_app_access (user_id, app_id, status)
     SELECT u.id, a.id, CASE a.key WHEN 'granted' THEN 'active' ELSE 'suspended' END
     FROM users u, apps a WHERE u.uid = '1:100002' AND a.key IN ('granted', 'suspended')`,
  );
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) => ctx.app.inject({ url, cookies: cookie ? { portal_session: cookie } : {} });

describe('signed-in folder', () => {
  it.each(['/api/me', '/api/apps', '/api/swc/auth-token'])('%s answers 401 in the error shape without a session', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Sign in first.' });
  });

  it('answers 401 for a forged session cookie', async () => {
    expect((await get('/api/me', 'forged-token-value')).statusCode).toBe(401);
  });
});

describe('GET /api/apps', () => {
  it('lists what a player may open: bypass and active access, not suspended, not the portal', async () => {
    const res = await get('/api/apps', mira);
    expect(res.json().map((a: { key: string }) => a.key)).toEqual(['granted', 'open']);
  });

  it('answers every dashboard field', async () => {
    const open = (await get('/api/apps', mira)).json().find((a: { key: string }) => a.key === 'open');
    expect(open).toEqual({
      id: expect.any(String),
      key: 'open',
      name: 'Open Tool',
      icon: '🛰️',
      url: 'https://open.example.com',
      description: 'For everyone',
      phase: 'Beta',
      phaseDesc: 'Open testing',
      phaseColor: 'green',
      progress: 40,
    });
  });

  it('adds apps that allow global admins for an admin', async () => {
    const keys = (await get('/api/apps', jorin)).json().map((a: { key: string }) => a.key);
    expect(keys).toEqual(['open', 'staff']);
  });
});

describe('/api/swc/auth-token', () => {
  it('is off for a new player and remembers the switch', async () => {
    expect((await get('/api/swc/auth-token', mira)).json()).toEqual({ enabled: false });
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/swc/auth-token',
      cookies: { portal_session: mira },
      payload: { enabled: true },
    });
    expect(post.statusCode).toBe(200);
    expect((await get('/api/swc/auth-token', mira)).json()).toEqual({ enabled: true });
    expect((await get('/api/swc/auth-token', jorin)).json()).toEqual({ enabled: false });
    const audit = await ctx.deps.db.query(`SELECT event FROM audit_log WHERE event = 'automation_token_enabled'`);
    expect(audit.rowCount).toBe(1);
  });

  it.each([{}, { enabled: 'yes' }, { enabled: null }])('answers 400 with a message for %j', async (payload) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/swc/auth-token', cookies: { portal_session: mira }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining('enabled') });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/swc/auth-token',
      cookies: { portal_session: mira },
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });

  it('refuses a state change from a foreign origin (CSRF)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/swc/auth-token',
      cookies: { portal_session: mira },
      headers: { origin: 'https://evil.example' },
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Requests from https://evil.example are not allowed.');
  });

  it('accepts the portal’s own origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/swc/auth-token',
      cookies: { portal_session: mira },
      headers: { origin: 'http://localhost:3000' },
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('CORS', () => {
  it("answers credentials to the portal's own origin only, not to a registered app's", async () => {
    const ok = await ctx.app.inject({ url: '/api/me', headers: { origin: 'http://localhost:3000' }, cookies: { portal_session: mira } });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    expect(ok.headers['access-control-expose-headers']).toBe('x-total-count');
    for (const origin of ['https://open.example.com', 'https://evil.example']) {
      const no = await ctx.app.inject({ url: '/api/me', headers: { origin }, cookies: { portal_session: mira } });
      expect(no.headers['access-control-allow-origin']).toBeUndefined();
      expect(no.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
});
