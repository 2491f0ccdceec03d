import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePortalRedirect } from '../../src/queries/apps.ts';
import { signInReturnPages } from '../../src/services/oidc/paths.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

const PUBLIC = 'https://portal.example.com';
let ctx: TestContext;

beforeAll(async () => (ctx = await createTestApp({ PUBLIC_URL: PUBLIC })));
afterAll(() => ctx.close());

async function portalApp() {
  const { rows } = await ctx.deps.db.query<{ url: string; redirect_urls: string[] }>(
    `SELECT url, redirect_urls FROM apps WHERE key = 'portal'`,
  );
  return rows[0];
}

const preflight = (origin: string) =>
  ctx.app.inject({ method: 'OPTIONS', url: '/api/me', headers: { origin, 'access-control-request-method': 'GET' } });

describe("the portal app's own URL comes from PUBLIC_URL only", () => {
  it('admits its dashboard at PUBLIC_URL and no longer at the development address', async () => {
    expect(await portalApp()).toEqual({
      url: `${PUBLIC}/dashboard`,
      redirect_urls: [`${PUBLIC}/dashboard`, `${PUBLIC}/oidc/interaction/`, `${PUBLIC}/device`, `${PUBLIC}/account`],
    });
  });

  it('does not take http://localhost:3000 as a credentialed CORS origin, but does take PUBLIC_URL', async () => {
    expect((await preflight('http://localhost:3000')).headers['access-control-allow-origin']).toBeUndefined();
    const ok = await preflight(PUBLIC);
    expect(ok.headers['access-control-allow-origin']).toBe(PUBLIC);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
  });

  it('refuses a sign-in that would return to the development address', async () => {
    const res = await ctx.app.inject(`/auth/login?aud=portal&rd=${encodeURIComponent('http://localhost:3000/dashboard')}`);
    expect(res.statusCode).toBe(400);
  });

  it('drops the previous address when the service moves to a new PUBLIC_URL', async () => {
    await ensurePortalRedirect(ctx.deps.db, 'https://auth.example.org/dashboard', signInReturnPages('https://auth.example.org'));
    expect(await portalApp()).toEqual({
      url: 'https://auth.example.org/dashboard',
      redirect_urls: [
        'https://auth.example.org/dashboard',
        'https://auth.example.org/oidc/interaction/',
        'https://auth.example.org/device',
        'https://auth.example.org/account',
      ],
    });
  });

  it('keeps a redirect URL an admin added (the web app on a host of its own) when it starts again', async () => {
    const SPA = 'https://spa.example.org/dashboard';
    await ctx.deps.db.query(`UPDATE apps SET redirect_urls = redirect_urls || $1::text WHERE key = 'portal'`, [SPA]);
    await ensurePortalRedirect(ctx.deps.db, `${PUBLIC}/dashboard`, signInReturnPages(PUBLIC));
    expect(await portalApp()).toEqual({
      url: `${PUBLIC}/dashboard`,
      redirect_urls: [`${PUBLIC}/dashboard`, `${PUBLIC}/oidc/interaction/`, `${PUBLIC}/device`, `${PUBLIC}/account`, SPA],
    });
  });
});
