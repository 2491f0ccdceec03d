import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../src/lib/tokens.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { approveAtSimulator, finishSignIn, signIn, startSignIn } from '../../helpers/sign-in.ts';
import { createTestApp, DASHBOARD, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

const auditRows = async (event: string) => (await ctx.deps.db.query('SELECT * FROM audit_log WHERE event = $1 ORDER BY id', [event])).rows;

describe('GET /auth/login', () => {
  it('needs aud and rd (400 with a message, no redirect)', async () => {
    const res = await ctx.app.inject('/auth/login?rd=' + encodeURIComponent(DASHBOARD));
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining('aud') });
  });

  it('refuses an audience no app has', async () => {
    const res = await ctx.app.inject(`/auth/login?aud=nope&rd=${encodeURIComponent(DASHBOARD)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No app is registered with the audience "nope".');
  });

  it.each(['https://evil.example/dashboard', 'http://localhost:3000/other', 'http://localhost:3001/dashboard', '/dashboard'])(
    'refuses the unregistered return address %s without redirecting',
    async (rd) => {
      const res = await ctx.app.inject(`/auth/login?aud=portal&rd=${encodeURIComponent(rd)}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.json().message).toContain('is not one of the redirect URLs registered for');
    },
  );

  it('shows a browser a readable 400 page', async () => {
    const res = await ctx.app.inject({ url: '/auth/login?aud=portal&rd=https%3A%2F%2Fevil.example%2F', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('This sign-in link is not valid');
    expect(res.body).toContain('https://evil.example/');
    // Whose page this is, on the page itself and not only in the tab.
    expect(res.body).toContain('<p class="product">Industry Alignment Management Platform</p>');
  });

  it('sends the browser to SWCombine with the sign-in scopes and a state bound by cookie', async () => {
    const { authorizeUrl, stateCookie } = await startSignIn(ctx);
    const url = new URL(authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${ctx.simulatorUrl}/ws/oauth2/auth/`);
    expect(url.searchParams.get('client_id')).toBe('portal-dev');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
    expect(url.searchParams.get('scope')).toBe('character_auth character_read');
    expect(url.searchParams.get('state')).toBe(stateCookie);
    expect(stateCookie.length).toBeGreaterThanOrEqual(43);
  });
});

describe('sign-in through SWCombine', () => {
  it('creates the user and a session, and returns to rd', async () => {
    const { cookie, response } = await signIn(ctx, '1:100002');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(DASHBOARD);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/portal_session=[^;]+; .*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const me = await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } });
    expect(me.json()).toMatchObject({
      uid: '1:100002',
      name: 'Mira Solan',
      race: "Twi'lek",
      faction: null,
      role: 'user',
      roles: [],
      email: null,
    });

    const stored = await ctx.deps.db.query('SELECT token_hash, sid, ip, user_agent FROM sessions');
    expect(stored.rows.some((r) => Buffer.compare(r.token_hash, sha256(cookie)) === 0)).toBe(true);
    expect(stored.rows.every((r) => r.sid !== cookie)).toBe(true);
  });

  it('audits the sign-in with IP, user agent and session expiry', async () => {
    await signIn(ctx, '1:100002', { 'user-agent': 'AuditAgent/1.0' });
    const row = (await auditRows('login')).at(-1);
    expect(row).toMatchObject({ event: 'login', app_key: 'portal', user_agent: 'AuditAgent/1.0', ip: '127.0.0.1' });
    expect(row.expires_at).toBeInstanceOf(Date);
  });

  it('gives a bootstrap admin the admin role', async () => {
    const { cookie } = await signIn(ctx, '1:100001');
    const me = await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } });
    expect(me.json()).toMatchObject({
      name: 'Jorin Vex',
      race: 'Human',
      faction: 'Galactic Weapon Systems',
      role: 'admin',
      roles: ['admin'],
    });
  });

  it('issues a new session token on every sign-in', async () => {
    const a = await signIn(ctx, '1:100002');
    const b = await signIn(ctx, '1:100002');
    expect(a.cookie).not.toBe(b.cookie);
  });

  it('refuses a callback whose state is not this browser’s', async () => {
    const { authorizeUrl } = await startSignIn(ctx);
    const callback = await approveAtSimulator(authorizeUrl, '1:100002');
    const res = await finishSignIn(ctx, callback, 'another-browsers-state');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('does not belong to this browser');
    expect(res.headers['set-cookie'] ?? '').not.toContain('portal_session=');
  });

  it('refuses a replayed callback', async () => {
    const { authorizeUrl, stateCookie } = await startSignIn(ctx);
    const callback = await approveAtSimulator(authorizeUrl, '1:100002');
    expect((await finishSignIn(ctx, callback, stateCookie)).statusCode).toBe(302);
    const replay = await finishSignIn(ctx, callback, stateCookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('expired');
  });

  it('refuses a sign-in attempt older than ten minutes', async () => {
    const { authorizeUrl, stateCookie } = await startSignIn(ctx);
    const callback = await approveAtSimulator(authorizeUrl, '1:100002');
    ctx.clock.advance(11 * 60_000);
    expect((await finishSignIn(ctx, callback, stateCookie)).statusCode).toBe(400);
  });

  it('shows a clear page with a way back when the player declines at SWCombine, and audits it', async () => {
    const { authorizeUrl, stateCookie } = await startSignIn(ctx);
    const callback = await approveAtSimulator(authorizeUrl, 'deny');
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const res = await finishSignIn(ctx, callback, stateCookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Sign-in cancelled');
    expect(res.body).toContain('You declined the sign-in at SWCombine');
    expect(res.body).toContain('href="http://localhost:3000/login"');
    expect((await auditRows('login_denied')).at(-1)).toMatchObject({ app_key: 'portal' });
  });

  it('lets a signed-in browser through /auth/login without a new SWCombine round trip', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const res = await ctx.app.inject({
      url: `/auth/login?aud=portal&rd=${encodeURIComponent(DASHBOARD)}`,
      cookies: { portal_session: cookie },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(DASHBOARD);
  });
});

describe('sign-in to another app', () => {
  const rd = 'https://wiki.example.com/';
  beforeAll(async () => {
    await createAppFixture(ctx, { key: 'wiki', name: 'Wiki' });
    await createAppFixture(ctx, { key: 'open', name: 'Open app', skip_uid_whitelist: true });
  });

  it('refuses a player without access, with a page that says why, and audits it', async () => {
    const { response } = await signIn(ctx, '1:100002', {}, { aud: 'wiki', rd });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Sign-in refused for Wiki');
    expect(response.body).toContain('<p class="product">Industry Alignment Management Platform</p>');
    expect(response.body).toContain('You have not been granted access to this app.');
    const row = (await auditRows('login_denied')).at(-1);
    expect(row).toMatchObject({ app_key: 'wiki', details: { reason: 'You have not been granted access to this app.' } });
    expect(row.user_id).not.toBeNull();
  });

  it('admits a player with active access', async () => {
    await ctx.deps.db.query(
      `INSERT INTO user_app_access (user_id, app_id, status)
       SELECT u.id, a.id, 'active' FROM users u, apps a WHERE u.uid = '1:100002' AND a.key = 'wiki'`,
    );
    const { response } = await signIn(ctx, '1:100002', {}, { aud: 'wiki', rd: `${rd}page?x=1` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${rd}page?x=1`);
  });

  it('admits anyone where the app bypasses the UID whitelist', async () => {
    const { response } = await signIn(ctx, '1:100001', {}, { aud: 'open', rd: 'https://open.example.com/' });
    expect(response.statusCode).toBe(302);
  });
});

describe('POST /auth/logout', () => {
  it('ends the session, clears the cookie, audits, and goes to the portal sign-in page', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/logout', cookies: { portal_session: cookie } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost:3000/login');
    expect(String(res.headers['set-cookie'])).toMatch(/portal_session=;/);
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } })).statusCode).toBe(401);
    const row = (await auditRows('logout')).at(-1);
    expect(row.expires_at).toBeInstanceOf(Date);
  });

  it('without a session still lands on the sign-in page', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/logout' });
    expect(res.headers.location).toBe('http://localhost:3000/login');
  });
});

describe('session expiry', () => {
  it('ends a session left idle past SESSION_IDLE_MINUTES', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    ctx.clock.advance(ctx.config.session.idleMinutes * 60_000 + 1000);
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } })).statusCode).toBe(401);
  });

  it('keeps a session in use alive past the idle time, until the absolute expiry', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const step = (ctx.config.session.idleMinutes / 2) * 60_000;
    for (let elapsed = 0; elapsed < ctx.config.session.maxHours * 3_600_000 - step; elapsed += step) {
      ctx.clock.advance(step);
      expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } })).statusCode).toBe(200);
    }
    ctx.clock.advance(step);
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } })).statusCode).toBe(401);
  });
});
