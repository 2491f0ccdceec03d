import { createServer, type Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './helpers/browser.ts';
import { startCaddyGate } from './helpers/caddy-gate.ts';
import { api, signIn } from './helpers/http-session.ts';
import { seedApps } from './helpers/seed.ts';

/** Forward auth through Caddy's forward_auth: a browser without a session is sent to sign-in and back. */
const baseUrl = inject('baseUrl');
const PORT = Number(process.env.E2E_PORT ?? 3900) + 40;
const PAGE = '/reports?q=x%20wing&tab=2';
let upstream: Server;
let gate: Awaited<ReturnType<typeof startCaddyGate>>;
let browser: Browser;
let page: Page;
let admin: string;

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [{ key: 'caddied', name: 'Caddied', url: `http://localhost:${PORT}/`, skip_uid_whitelist: true }]);
  // The upstream app shows what Caddy handed it: the page asked for and the player from the check.
  upstream = createServer((req, res) => {
    const bearer = String(req.headers.authorization ?? '').startsWith('Bearer ');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Caddied</title><h1>Caddied app</h1><p id="who">${req.headers['x-auth-request-user']}</p><p id="page">${req.url}</p><p>bearer: ${bearer}</p>`,
    );
  });
  await new Promise<void>((r) => upstream.listen(PORT + 1, '127.0.0.1', r));
  gate = await startCaddyGate({
    port: PORT,
    auth: `127.0.0.1:${new URL(baseUrl).port}`,
    audience: 'caddied',
    upstream: `127.0.0.1:${PORT + 1}`,
  });
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  admin = await signIn(baseUrl, '1:100001');
});
afterAll(async () => {
  await browser?.close();
  await gate?.stop();
  upstream?.close();
});

describe('Caddy forward_auth in front of an app', () => {
  it('sends an anonymous browser to the portal’s sign-in, and back to the page with its query string once signed in', async () => {
    const visited: string[] = [];
    page.on('request', (r) => r.isNavigationRequest() && visited.push(r.url()));
    await page.goto(`${gate.url}${PAGE}`);
    await page.getByRole('button', { name: 'Sign in as Mira Solan' }).waitFor();
    const login = new URL(visited.find((u) => u.startsWith(`${baseUrl}/auth/login`))!);
    expect(Object.fromEntries(login.searchParams)).toEqual({ aud: 'caddied', rd: `${gate.url}${PAGE}` });

    await page.getByRole('button', { name: 'Sign in as Mira Solan' }).click();
    await page.waitForURL(`${gate.url}${PAGE}`);
    expect(await page.locator('#who').textContent()).toBe('1:100002');
    expect(await page.locator('#page').textContent()).toBe(PAGE);
    expect(await page.getByText('bearer: true').isVisible()).toBe(true);
  });

  it('keeps a client that does not ask for HTML at a bare 401', async () => {
    const res = await fetch(`${gate.url}${PAGE}`, { headers: { accept: '*/*' }, redirect: 'manual' });
    expect(res.status).toBe(401);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Sign in first, with access to this app.' });
  });

  it('refuses her once an admin suspends her there, and tells her why instead of sending her round sign-in', async () => {
    const users = (await api(baseUrl, admin)('GET', '/api/admin/users?q=Mira')).body as { id: string }[];
    const suspended = await api(baseUrl, admin)('POST', `/api/admin/users/${users[0]!.id}/apps/caddied/suspend`);
    expect(suspended.status).toBe(200);
    const res = await page.goto(`${gate.url}${PAGE}`);
    expect(res!.status()).toBe(401);
    expect(page.url()).toBe(`${gate.url}${PAGE}`);
    await page.getByRole('heading', { name: 'Request refused' }).waitFor();
    expect(await page.getByText('Your access to this app is suspended.').isVisible()).toBe(true);
    expect(await page.locator('#who').count()).toBe(0);
  });
});
