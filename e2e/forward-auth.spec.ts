import { decodeProtectedHeader, createRemoteJWKSet, jwtVerify } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './helpers/browser.ts';
import { ProtectedApp } from './helpers/protected-app.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
// A port of this spec's own beside the shared product's (faction-access's gate is at +90).
const TINY_PORT = Number(process.env.E2E_PORT ?? 3900) + 96;
let browser: Browser;
let tiny: ProtectedApp;
let admin: { context: BrowserContext; page: Page };
let player: { context: BrowserContext; page: Page };
let miraId: string;

/** The admin's own API calls, made from the admin's signed-in browser. */
async function adminApi(method: string, path: string, body?: object) {
  return admin.page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: b ? JSON.stringify(b) : undefined,
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    [method, path, body] as const,
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  tiny = await new ProtectedApp(baseUrl, 'tiny').start(TINY_PORT);
  admin = await newPage(browser);
  await signInAs(admin.page, baseUrl, 'Jorin Vex');
  const created = await adminApi('POST', '/api/admin/apps', {
    key: 'tiny',
    name: 'Tiny App',
    audience: 'tiny',
    url: `${tiny.url}/`,
    redirect_urls: [`${tiny.url}/`],
    backchannel_logout_url: `${tiny.url}/backchannel`,
  });
  expect(created.status).toBe(201);
  player = await newPage(browser);
  await signInAs(player.page, baseUrl, 'Mira Solan');
  const users = await adminApi('GET', '/api/admin/users?q=Mira');
  miraId = users.body[0].id;
});
afterAll(async () => {
  await browser?.close();
  await tiny?.stop();
});

describe('an app behind /auth/verify', () => {
  it('refuses a player without access', async () => {
    await player.page.goto(`${tiny.url}/reports`);
    await player.page.getByRole('button', { name: 'Sign in as Mira Solan' }).click();
    await player.page.getByText('Sign-in refused for Tiny App').waitFor();
    expect(await player.page.getByText('You have not been granted access to this app.').isVisible()).toBe(true);
  });

  it('lets her in once access is granted, on her existing session (single sign-on), with a JWT that verifies', async () => {
    expect((await adminApi('POST', `/api/admin/users/${miraId}/apps/tiny/grant`)).body).toMatchObject({ status: 'active' });
    await player.page.goto(`${tiny.url}/reports`);
    expect(player.page.url()).toBe(`${tiny.url}/reports`);
    await player.page.getByText('Welcome to the tiny app, Mira Solan').waitFor();
    await player.page.goto(`${tiny.url}/again`);
    await player.page.getByText('Welcome to the tiny app, Mira Solan').waitFor();
    expect(tiny.seenClaims.at(-1)).toMatchObject({ sub: '1:100002', aud: 'tiny', client_id: 'tiny' });
  });

  it('denies her on the next request after a suspension, and again after a revocation', async () => {
    await adminApi('POST', `/api/admin/users/${miraId}/apps/tiny/suspend`);
    await player.page.goto(`${tiny.url}/reports`);
    await player.page.getByRole('button', { name: 'Sign in as Mira Solan' }).waitFor();
    expect(new URL(player.page.url()).pathname).toBe('/ws/oauth2/auth/');

    await adminApi('POST', `/api/admin/users/${miraId}/apps/tiny/grant`);
    await player.page.goto(`${tiny.url}/reports`);
    await player.page.getByText('Welcome to the tiny app, Mira Solan').waitFor();

    await adminApi('DELETE', `/api/admin/users/${miraId}/apps/tiny/grant`);
    await player.page.goto(`${tiny.url}/reports`);
    await player.page.getByRole('button', { name: 'Sign in as Mira Solan' }).waitFor();
  });

  it('admits a player never recorded once the app bypasses the UID whitelist, but not her, whom an admin revoked', async () => {
    const apps = (await adminApi('GET', '/api/admin/apps')).body as { id: string; key: string }[];
    const app = apps.find((a) => a.key === 'tiny')!;
    const { id: _id, ...fields } = app as Record<string, unknown>;
    expect((await adminApi('PUT', `/api/admin/apps/${app.id}`, { ...fields, skip_uid_whitelist: true })).status).toBe(200);
    await admin.page.goto(`${tiny.url}/open`);
    await admin.page.getByText('Welcome to the tiny app, Jorin Vex').waitFor();
    await player.page.goto(`${tiny.url}/open`);
    await player.page.getByRole('button', { name: 'Sign in as Mira Solan' }).waitFor();
    await admin.page.goto(baseUrl);
  });

  it('receives a valid back-channel logout_token when she signs out of the portal', async () => {
    // A link to /auth/logout only asks; the page's button posts the sign-out.
    await player.page.goto(`${baseUrl}/auth/logout`);
    await player.page.getByRole('heading', { name: 'Sign out?' }).waitFor();
    await player.page.getByRole('button', { name: 'Sign out' }).click();
    await player.page.waitForURL(`${baseUrl}/login`);
    await expect.poll(() => tiny.logoutTokens.length, { timeout: 20_000, interval: 250 }).toBeGreaterThan(0);
    const token = tiny.logoutTokens[0]!;
    expect(decodeProtectedHeader(token).typ).toBe('logout+jwt');
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${baseUrl}/.well-known/jwks.json`)), {
      issuer: baseUrl,
      audience: 'tiny',
      typ: 'logout+jwt',
    });
    expect(payload).toMatchObject({ sub: '1:100002', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } });
    await player.page.goto(`${tiny.url}/after-logout`);
    await player.page.getByRole('button', { name: 'Sign in as Mira Solan' }).waitFor();
  });
});
