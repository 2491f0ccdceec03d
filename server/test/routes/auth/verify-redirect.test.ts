import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let mira: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await createAppFixture(ctx, { key: 'wiki', redirect_urls: ['https://wiki.example.com/'] });
  await createAppFixture(ctx, { key: 'board', name: 'Board', redirect_urls: ['http://localhost:8080/board/'], skip_uid_whitelist: true });
  mira = (await signIn(ctx, '1:100002')).cookie;
});
afterAll(() => ctx.close());

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** What Traefik's ForwardAuth sends along with the visitor's own headers. */
const traefik = (page: { proto?: string; host?: string; uri?: string; method?: string } = {}) => ({
  'x-forwarded-proto': page.proto ?? 'https',
  'x-forwarded-host': page.host ?? 'wiki.example.com',
  'x-forwarded-uri': page.uri ?? '/docs/start?tab=2&q=a%20b',
  'x-forwarded-method': page.method ?? 'GET',
  'x-forwarded-for': '203.0.113.7',
});

const verify = (aud: string, headers: Record<string, string | string[]>, cookie?: string) =>
  ctx.app.inject({ url: `/auth/verify?aud=${aud}`, headers, cookies: cookie ? { portal_session: cookie } : {} });

/** The refusal's words: the JSON message, or the paragraph of the page a browser is shown. */
function said(res: { body: string; headers: Record<string, unknown> }): string {
  if (!String(res.headers['content-type']).startsWith('text/html')) return (JSON.parse(res.body) as { message: string }).message;
  const p = /<p>([\s\S]*?)<\/p>/.exec(res.body)![1]!;
  return p
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const signInUrl = (aud: string, rd: string) => `${PUBLIC_URL}/auth/login?aud=${aud}&rd=${encodeURIComponent(rd)}`;

describe('a browser without a session, forwarded by Traefik or Caddy', () => {
  it('is sent to sign-in with the page it asked for, query string and all (Traefik)', async () => {
    const res = await verify('wiki', { accept: BROWSER, ...traefik() });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(signInUrl('wiki', 'https://wiki.example.com/docs/start?tab=2&q=a%20b'));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is sent to sign-in from a plain-HTTP host with a port, as Caddy forwards it', async () => {
    const caddy = {
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'localhost:8080',
      'x-forwarded-uri': '/board/threads?id=7',
      'x-forwarded-method': 'GET',
      'x-forwarded-for': '127.0.0.1',
      host: 'localhost:8080',
    };
    const res = await verify('board', { accept: BROWSER, ...caddy });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(signInUrl('board', 'http://localhost:8080/board/threads?id=7'));
  });

  it('lands on a sign-in that takes the return address', async () => {
    const to = new URL((await verify('wiki', { accept: BROWSER, ...traefik() })).headers.location!);
    const login = await ctx.app.inject({ url: to.pathname + to.search });
    expect(login.statusCode).toBe(302);
    expect(new URL(login.headers.location!).pathname).toBe('/ws/oauth2/auth/');
  });

  it('is sent to sign-in when its session has ended', async () => {
    const { cookie } = await signIn(ctx, '1:100003');
    ctx.clock.advance(ctx.config.session.idleMinutes * 60_000 + 1000);
    const res = await verify('wiki', { accept: BROWSER, ...traefik() }, cookie);
    expect(res.statusCode).toBe(302);
    mira = (await signIn(ctx, '1:100002')).cookie;
  });

  it('is sent with 303 after a form post, which the browser follows with a GET', async () => {
    expect((await verify('wiki', { accept: BROWSER, ...traefik({ method: 'POST' }) })).statusCode).toBe(303);
    expect((await verify('wiki', { accept: BROWSER, ...traefik({ method: 'HEAD' }) })).statusCode).toBe(302);
  });
});

describe('what stays a 401', () => {
  it.each([
    ['an API client asking for JSON', 'application/json'],
    ['curl', '*/*'],
    ['a client that refuses HTML', 'text/html;q=0, application/json'],
  ])('%s', async (_, accept) => {
    const res = await verify('wiki', { accept, ...traefik() });
    expect(res.statusCode).toBe(401);
    expect(res.headers.location).toBeUndefined();
    expect(said(res)).toBe('Sign in first, with access to this app.');
  });

  it('a request without an Accept header', async () => expect((await verify('wiki', traefik())).statusCode).toBe(401));

  it("nginx's auth_request, which sends X-Original-URL and follows its own auth-signin", async () => {
    const nginx = { 'x-original-url': 'https://wiki.example.com/docs/start', 'x-original-method': 'GET' };
    const res = await verify('wiki', { accept: BROWSER, ...nginx });
    expect(res.statusCode).toBe(401);
    expect(said(res)).toBe('Sign in first, with access to this app.');
    expect((await verify('wiki', { accept: BROWSER, ...nginx, ...traefik() })).statusCode).toBe(401);
  });

  it('a direct call that names no page', async () => expect((await verify('wiki', { accept: BROWSER })).statusCode).toBe(401));

  it('a forwarded host that is not the app’s, in words', async () => {
    for (const page of [
      { host: 'evil.example.com' },
      { host: 'wiki.example.com.evil.io' },
      { proto: 'http' },
      { host: 'wiki.example.com:8443' },
    ]) {
      const res = await verify('wiki', { accept: BROWSER, ...traefik(page) });
      expect(res.statusCode).toBe(401);
      expect(res.headers.location).toBeUndefined();
      expect(said(res)).toMatch(
        /^Sign in first, with access to this app\. The return address ".+" is not one of the redirect URLs registered for Wiki\.$/,
      );
    }
  });

  it('a page outside the paths the app registered', async () => {
    const res = await verify('board', { accept: BROWSER, ...traefik({ proto: 'http', host: 'localhost:8080', uri: '/admin' }) });
    expect(res.statusCode).toBe(401);
  });

  it('an audience no app has', async () => {
    const res = await verify('nope', { accept: BROWSER, ...traefik() });
    expect(res.statusCode).toBe(401);
    expect(said(res)).toBe('Sign in first, with access to this app. No app is registered with the audience "nope".');
  });

  it('a signed-in player the app refuses: told why, not sent round sign-in again', async () => {
    const res = await verify('wiki', { accept: BROWSER, ...traefik() }, mira);
    expect(res.statusCode).toBe(401);
    expect(res.headers.location).toBeUndefined();
    expect(said(res)).toBe('You have not been granted access to this app.');

    await ctx.deps.db.query(
      `INSERT INTO user_app_access (user_id, app_id, status)
       SELECT u.id, a.id, 'suspended' FROM users u, apps a WHERE u.uid = '1:100002' AND a.key = 'board'`,
    );
    const suspended = await verify(
      'board',
      { accept: BROWSER, ...traefik({ proto: 'http', host: 'localhost:8080', uri: '/board/' }) },
      mira,
    );
    expect(suspended.statusCode).toBe(401);
    expect(said(suspended)).toBe('Your access to this app is suspended.');
  });

  it('shown to a browser as a page with the portal’s security headers, never cached', async () => {
    const res = await verify('wiki', { accept: BROWSER, ...traefik() }, mira);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Back to sign-in');
    expect(res.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('a signed-in player the app admits gets through, whatever was forwarded', async () => {
    const { cookie } = await signIn(ctx, '1:100003');
    const res = await verify('board', { accept: BROWSER, ...traefik({ host: 'evil.example.com' }) }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-request-user']).toBe('1:100003');
  });
});

describe('forwarded headers no ingress would send', () => {
  it.each([
    ['a scheme other than http or https', { proto: 'javascript' }, 'X-Forwarded-Proto must be http or https.'],
    ['ftp', { proto: 'ftp' }, 'X-Forwarded-Proto must be http or https.'],
    ['user info in the host', { host: 'mira:secret@wiki.example.com' }, 'X-Forwarded-Host must be one host name'],
    ['a user name before the host', { host: 'evil.io@wiki.example.com' }, 'X-Forwarded-Host must be one host name'],
    ['a path in the host', { host: 'wiki.example.com/docs' }, 'X-Forwarded-Host must be one host name'],
    ['a list of hosts', { host: 'wiki.example.com, evil.io' }, 'X-Forwarded-Host must be one host name'],
    ['an encoded line break in the host', { host: 'wiki.example.com%0d%0aSet-Cookie:x=1' }, 'X-Forwarded-Host must be one host name'],
    ['an over-long host', { host: `${'a'.repeat(63)}.`.repeat(5) + 'com' }, 'X-Forwarded-Host must be one host name'],
    ['a page that is not a path', { uri: 'https://evil.io/' }, 'X-Forwarded-Uri must be a path starting with "/"'],
    ['a page that starts with user info', { uri: '@evil.io/' }, 'X-Forwarded-Uri must be a path starting with "/"'],
    ['a space in the page', { uri: '/docs start' }, 'X-Forwarded-Uri must be a path starting with "/"'],
    ['a tab in the page', { uri: '/docs\tstart' }, 'X-Forwarded-Uri must be a path starting with "/"'],
    ['a non-ASCII page', { uri: '/caf\u00e9' }, 'X-Forwarded-Uri must be a path starting with "/"'],
    ['an over-long page', { uri: `/${'a'.repeat(2100)}` }, 'The page asked for is longer than the 2048 characters'],
    ['a method that is not one', { method: 'GET /x' }, 'X-Forwarded-Method must be an HTTP method'],
  ])('%s is a 400 in words, never a redirect', async (_, page, message) => {
    const res = await verify('wiki', { accept: BROWSER, ...traefik(page) });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(said(res)).toContain(message);
    expect(res.body).toContain('<h1>Request refused</h1>');
  });

  it('a page without its host and scheme is a 400', async () => {
    const res = await verify('wiki', { accept: BROWSER, 'x-forwarded-uri': '/docs' });
    expect(res.statusCode).toBe(400);
    expect(said(res)).toBe('X-Forwarded-Uri came without X-Forwarded-Proto and X-Forwarded-Host, so the page asked for is unknown.');
  });

  it('a host sent twice is a 400', async () => {
    const res = await verify('wiki', { accept: BROWSER, ...traefik(), 'x-forwarded-host': ['wiki.example.com', 'evil.io'] });
    expect(res.statusCode).toBe(400);
  });

  it('an encoded line break in the page stays encoded inside the return address', async () => {
    const res = await verify('wiki', { accept: BROWSER, ...traefik({ uri: '/a%0d%0aSet-Cookie:x=1' }) });
    expect(res.statusCode).toBe(302);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(new URL(res.headers.location!).searchParams.get('rd')).toBe('https://wiki.example.com/a%0d%0aSet-Cookie:x=1');
  });
});

describe('line breaks in the raw header values', () => {
  it.each(['x-forwarded-uri', 'x-forwarded-host', 'x-forwarded-proto'])('in %s never become a redirect', async (name) => {
    const res = await verify('wiki', { accept: BROWSER, ...traefik(), [name]: 'https\r\nLocation: https://evil.io/' });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});
