import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { authorize, browse, CookieJar, exchange, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { approveAtSimulator, signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

describe('the authorization endpoint: who gets a code', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    // A whitelist app: only players granted access (and global admins, which it allows) are admitted.
    await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      redirect_urls: [WIKI_REDIRECT],
      allow_global_admin: true,
    });
  });
  afterAll(() => ctx.close());

  it('runs the SWCombine sign-in first for a browser without a session, then comes back with a code', async () => {
    const jar = new CookieJar();
    const first = await authorize(ctx, jar);
    expect(first.location!.origin).toBe(new URL(ctx.simulatorUrl).origin);
    const callback = await approveAtSimulator(first.location!.href, '1:100001');
    const back = await browse(ctx, jar, callback);
    const location = new URL(back.headers.location!);
    expect(location.origin + location.pathname).toBe(WIKI_REDIRECT);
    expect(location.searchParams.get('state')).toBe('st');
    expect(location.searchParams.get('code')).toBeTruthy();
    expect(jar.cookies.get('portal_session')).toBeTruthy();
  });

  it('answers prompt=none without a session with login_required, and the state', async () => {
    const { location } = await authorize(ctx, new CookieJar(), { prompt: 'none' });
    expect(location!.origin + location!.pathname).toBe(WIKI_REDIRECT);
    expect(location!.searchParams.get('error')).toBe('login_required');
    expect(location!.searchParams.get('state')).toBe('st');
  });

  it('sends a player who is not admitted back with access_denied, audited, with or without prompt=none', async () => {
    const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
    const { location } = await authorize(ctx, jar);
    expect(location!.searchParams.get('error')).toBe('access_denied');
    expect(location!.searchParams.get('state')).toBe('st');
    expect(location!.searchParams.get('code')).toBeNull();
    const silent = await authorize(ctx, jar, { prompt: 'none' });
    expect(silent.location!.searchParams.get('error')).toBe('access_denied');
    const audited = await ctx.deps.db.query("SELECT details FROM audit_log WHERE event = 'oidc_refused' AND app_key = 'wiki'");
    expect(audited.rows[0]!.details.reason).toBe('You have not been granted access to this app.');
  });

  it('signs a granted player in without a prompt (single sign-on), and again after prompt=none', async () => {
    const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100003')).cookie });
    const userId = await userIdOf(ctx, '1:100003');
    const app = await ctx.deps.db.query<{ id: string }>("SELECT id FROM apps WHERE key = 'wiki'");
    await ctx.deps.db.query("INSERT INTO user_app_access (user_id, app_id, status) VALUES ($1, $2, 'active')", [userId, app.rows[0]!.id]);
    const sso = await authorize(ctx, jar);
    expect(sso.code).toBeTruthy();
    const silent = await authorize(ctx, jar, { prompt: 'none' });
    expect(silent.code).toBeTruthy();
    const audited = await ctx.deps.db.query("SELECT count(*)::int AS n FROM audit_log WHERE event = 'oidc_authorized' AND user_id = $1", [
      userId,
    ]);
    expect(audited.rows[0]!.n).toBe(2);
  });

  it('runs a fresh SWCombine sign-in for prompt=login and for a max_age the session is older than', async () => {
    // The protocol library reads the system clock: the test clock is set to it, two minutes back.
    ctx.clock.advance(Date.now() - 120_000 - ctx.clock.now().getTime());
    const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100001')).cookie });
    expect((await authorize(ctx, jar)).code).toBeTruthy();
    const login = await authorize(ctx, jar, { prompt: 'login' });
    expect(login.location!.origin).toBe(new URL(ctx.simulatorUrl).origin);
    ctx.clock.advance(120_000); // the session was made two minutes ago
    const aged = await authorize(ctx, jar, { max_age: '60' });
    expect(aged.location!.origin).toBe(new URL(ctx.simulatorUrl).origin);
    const back = await browse(ctx, jar, await approveAtSimulator(aged.location!.href, '1:100001'));
    expect(new URL(back.headers.location!).searchParams.get('code')).toBeTruthy();
  });

  it('runs a fresh sign-in when the login_hint names another player', async () => {
    const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100001')).cookie });
    expect((await authorize(ctx, jar, { login_hint: '1:100001' })).code).toBeTruthy();
    const other = await authorize(ctx, jar, { login_hint: '1:100003' });
    expect(other.location!.origin).toBe(new URL(ctx.simulatorUrl).origin);
  });

  it('puts roles and the global admin role into the tokens of an app that allows global admins', async () => {
    const jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100001')).cookie });
    const flow = await authorize(ctx, jar, { scope: 'openid profile email roles' });
    const tokens = (await exchange(ctx, flow.code!, flow.verifier)).json();
    const info = await ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(info.json()).toMatchObject({ sub: '1:100001', roles: ['admin'], preferred_username: expect.any(String) });
  });
});
