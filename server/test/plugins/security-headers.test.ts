import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/plugins/security-headers.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
const SPA = 'https://portal-spa.example.com';

beforeAll(async () => {
  ctx = await createTestApp();
  // The web app served from a host of its own: the portal app registers its dashboard. Written
  // directly: the allowed origins are cached for a few seconds after the first cross-origin call.
  await ctx.deps.db.query(`UPDATE apps SET redirect_urls = redirect_urls || $1::text WHERE key = 'portal'`, [`${SPA}/dashboard`]);
});
afterAll(() => ctx.close());

const preflight = (origin: string, method: string) =>
  ctx.app.inject({
    method: 'OPTIONS',
    url: '/api/admin/apps/00000000-0000-4000-8000-000000000000',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
  });

describe('CORS', () => {
  it.each(['PUT', 'PATCH', 'DELETE', 'POST'])('lets the web app served apart send %s with credentials', async (method) => {
    const res = await preflight(SPA, method);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(SPA);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method);
  });

  it('allows nothing to a foreign origin', async () => {
    const res = await preflight('https://evil.example.net', 'DELETE');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets the web app served apart read an answer, a foreign one not', async () => {
    const ok = await ctx.app.inject({ url: '/api/me', headers: { origin: SPA } });
    expect(ok.headers['access-control-allow-origin']).toBe(SPA);
    const foreign = await ctx.app.inject({ url: '/api/me', headers: { origin: 'https://evil.example.net' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** Every browser security header of an answer, with the values browsers are told today. */
const BROWSER_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self' https: http:;frame-ancestors 'none';" +
    "img-src 'self' data: https: http:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
    "connect-src 'self';frame-src 'self' https: http:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('browser security headers', () => {
  it.each([
    ['an answer', '/healthz', 200],
    ['a refusal by a folder guard', '/api/me', 401],
    ['an unknown path', '/api/nope', 404],
  ])('come with %s', async (_what, url, status) => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(BROWSER_HEADERS);
  });

  it('do not come with an admitted forward-auth answer, which an ingress reads and no browser renders', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const res = await ctx.app.inject({ url: '/auth/verify?aud=portal', cookies: { portal_session: cookie } });
    expect(res.statusCode).toBe(200);
    for (const name of Object.keys(BROWSER_HEADERS)) expect(res.headers[name]).toBeUndefined();
  });

  it('come with a forward-auth refusal, which Traefik and Caddy hand to the browser as it is', async () => {
    const res = await ctx.app.inject({ url: '/auth/verify?aud=portal', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers).toMatchObject(BROWSER_HEADERS);
  });

  it('let the SPA connect to the auth service at AUTH_BASE_URL', async () => {
    const split = await createTestApp({ AUTH_BASE_URL: 'https://auth.example.com/base' });
    try {
      const res = await split.app.inject('/healthz');
      expect(res.headers['content-security-policy']).toContain("connect-src 'self' https://auth.example.com;");
    } finally {
      await split.close();
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent when PUBLIC_URL is plain http', async () => {
    expect(ctx.config.publicUrl).toBe(PUBLIC_URL);
    const res = await ctx.app.inject('/healthz');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://auth.example.com' });
    try {
      const res = await https.app.inject('/healthz');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});

describe('img-src', () => {
  const imgSrc = (publicUrl: string) => {
    const csp = securityHeaders({ publicUrl, authBaseUrl: '' })['content-security-policy'] ?? '';
    return csp.split(';').find((d) => d.startsWith('img-src'));
  };
  it('loads no image over plain http on a portal served over https', () =>
    expect(imgSrc('https://portal.example.com')).toBe("img-src 'self' data: https:"));
  it('allows plain http on a portal served over http (development)', () =>
    expect(imgSrc('http://localhost:3000')).toBe("img-src 'self' data: https: http:"));
});
