import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { BrowserAppHost, type BrowserAppResult } from './helpers/browser-app.ts';
import { api, signIn } from './helpers/http-session.ts';

/** A single-page app on another origin signs a player in with code + PKCE, from the browser alone. */
const baseUrl = inject('baseUrl');
const CLIENT_ID = 'starmap';

let browser: Browser;
let context: BrowserContext;
let app: BrowserAppHost;

beforeAll(async () => {
  app = await new BrowserAppHost(baseUrl, CLIENT_ID).start();
  // Registered as App Catalog registers it: a public client (no secret), its callback on the app's origin.
  const admin = api(baseUrl, await signIn(baseUrl, '1:100001'));
  const created = await admin('POST', '/api/admin/apps', {
    key: CLIENT_ID,
    name: 'Star Map',
    audience: CLIENT_ID,
    url: `${app.origin}/`,
    redirect_urls: [`${app.origin}/callback`],
    skip_uid_whitelist: true,
  });
  expect(created.status).toBe(201);
  browser = await launchBrowser();
  context = await browser.newContext();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});

describe('a browser app on its own origin, a public client with PKCE', () => {
  it('signs Mira in: discovery, authorization, token, JWKS, userinfo and revocation, all fetched cross-origin', async () => {
    const page = await context.newPage();
    const calls: Request[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(baseUrl) && request.resourceType() === 'fetch') calls.push(request);
    });

    await page.goto(`${app.origin}/`);
    // No portal session in this browser: the portal asks SWCombine (the simulator) who the player is.
    await page.getByRole('button', { name: 'Sign in as Mira Solan' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${app.origin}/callback?`));
    const result = page.locator('#result');
    await result.and(page.locator('[data-state]')).waitFor();
    const shown = JSON.parse((await result.textContent())!) as BrowserAppResult;

    expect(shown.error).toBeUndefined();
    expect(shown.state).toBe('signed-in');
    expect(shown.userinfo).toMatchObject({ sub: '1:100002', name: 'Mira Solan' });
    expect(shown.keyFound).toBe(true);
    expect(shown.revocationStatus).toBe(200);

    const paths = calls.map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /.well-known/openid-configuration',
        'POST /oidc/token',
        'GET /.well-known/jwks.json',
        'GET /oidc/userinfo',
        'POST /oidc/revoke',
      ]),
    );
    for (const request of calls) {
      const call = `${request.method()} ${request.url()}`;
      const sent = await request.allHeaders();
      // From the app's origin, and with no cookie of the portal's.
      expect(sent.origin, call).toBe(app.origin);
      expect(sent.cookie, call).toBeUndefined();
      const answer = await request.response();
      expect(answer?.headers()['access-control-allow-credentials'], call).toBeUndefined();
    }
    await page.close();
  });
});
