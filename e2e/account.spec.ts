import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, screenshotBoth } from './helpers/browser.ts';
import { api, signIn } from './helpers/http-session.ts';
import { refusal, signInFlow } from './helpers/openid-client-flow.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

/**
 * Your account, as a player uses it: sign another browser out from this one; connect an app with
 * openid-client (offline_access), disconnect it on the account screen, and see that its refresh token
 * is refused and its back-channel logout URL received the logout token; the dashboard tells a change
 * to the player's access once.
 */
const baseUrl = inject('baseUrl');
// The apps' side: the callback answers a blank page; /backchannel keeps the logout tokens it receives.
const APPS_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3900) + 60}`;
const CALLBACK = `${APPS_ORIGIN}/logbook/callback`;
const BACKCHANNEL = `${APPS_ORIGIN}/backchannel`;
const PHONE_UA = 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0';

let browser: Browser;
let apps: Server;
let adminCookie: string;
let admin: ReturnType<typeof api>;
let logbook: client.Configuration;
let here: { context: BrowserContext; page: Page };
const logoutTokens: string[] = [];

async function appIdOf(key: string): Promise<string> {
  const list = (await admin('GET', '/api/admin/apps')).body as { id: string; key: string }[];
  return list.find((a) => a.key === key)!.id;
}

/** The receiver of the apps: a blank page for the callback, and a back-channel logout endpoint that keeps what it gets. */
function startApps(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/backchannel') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const token = new URLSearchParams(body).get('logout_token');
        if (token) logoutTokens.push(token);
        res.writeHead(200).end();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Logbook</title>');
  });
  return new Promise((resolve) => server.listen(Number(new URL(APPS_ORIGIN).port), '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [
    {
      key: 'logbook',
      name: 'Logbook',
      icon: '📜',
      url: `${APPS_ORIGIN}/logbook/`,
      redirect_urls: [CALLBACK],
      backchannel_logout_url: BACKCHANNEL,
      skip_uid_whitelist: true,
    },
    { key: 'relay', name: 'Relay', icon: '📡', url: 'https://relay.example.com/' },
    { key: 'arsenal', name: 'Arsenal', icon: '🛡️', url: 'https://arsenal.example.com/' },
  ]);
  adminCookie = await signIn(baseUrl, '1:100001');
  admin = api(baseUrl, adminCookie);
  const secret = await admin('POST', `/api/admin/apps/${await appIdOf('logbook')}/client-secret`);
  expect(secret.status).toBe(201);
  logbook = await client.discovery(
    new URL(baseUrl),
    'logbook',
    undefined,
    client.ClientSecretBasic((secret.body as { client_secret: string }).client_secret),
    { execute: [client.allowInsecureRequests] },
  );
  // Relay opens to the group Pilots, which Mira is in; Arsenal to the faction Galactic Weapon Systems, which she is not.
  await signIn(baseUrl, '1:100002'); // Mira exists before she is added to a group
  const pilots = (await admin('POST', '/api/admin/groups', { name: 'Pilots', description: 'Who flies' })).body as { id: string };
  await admin('POST', `/api/admin/groups/${pilots.id}/members`, { uids: ['1:100002'] });
  await admin('PUT', `/api/admin/apps/${await appIdOf('relay')}/access-rules`, { rules: [{ group_id: pilots.id }] });
  const groups = (await admin('GET', '/api/admin/groups')).body as { id: string; faction_uid: string | null }[];
  const gws = groups.find((g) => g.faction_uid === '20:2400')!;
  await admin('PUT', `/api/admin/apps/${await appIdOf('arsenal')}/access-rules`, { rules: [{ group_id: gws.id }] });
  apps = await startApps();
  browser = await launchBrowser();
  here = { context: await browser.newContext({ viewport: { width: 1280, height: 900 } }), page: undefined as unknown as Page };
  here.page = await here.context.newPage();
  await signInAs(here.page, baseUrl, 'Mira Solan');
});
afterAll(async () => {
  await browser?.close();
  apps?.close();
});

const sessionsList = (page: Page) =>
  page.getByRole('table', { name: 'Where you are signed in' }).or(page.getByRole('list', { name: 'Where you are signed in' }));

describe('where you are signed in', () => {
  it('signs the other browser out from this one', async () => {
    const phone = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 375, height: 812 } });
    try {
      const other = await phone.newPage();
      await signInAs(other, baseUrl, 'Mira Solan');

      const { page } = here;
      await page.goto(`${baseUrl}/account`);
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      await sessionsList(page).getByText('This device').waitFor();
      await sessionsList(page).getByText('Firefox on Android').waitFor();
      await expectAccessible(page, 'Your account');
      await screenshotBoth(page, 'account');

      await page.getByRole('button', { name: 'Sign out Firefox on Android' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out Firefox on Android?' });
      await dialog.getByText('That browser is signed out of the platform', { exact: false }).waitFor();
      await expectAccessible(page, 'Your account, asking to sign out one session');
      await screenshotBoth(page, 'account-sign-out', { fullPage: false });
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('Firefox on Android signed out.').waitFor();
      expect(await sessionsList(page).getByText('Firefox on Android').count()).toBe(0);
      await expectAccessible(page, 'Your account, after signing out one session');

      await other.goto(`${baseUrl}/profile`);
      await other.waitForURL(`${baseUrl}/login`);
    } finally {
      await phone.close();
    }
  });

  it('signs every other browser out at once, and this one stays', async () => {
    const others = await Promise.all([browser.newContext({ userAgent: PHONE_UA }), browser.newContext()]);
    try {
      const pages = await Promise.all(others.map((c) => c.newPage()));
      for (const other of pages) await signInAs(other, baseUrl, 'Mira Solan');

      const { page } = here;
      await page.goto(`${baseUrl}/account`);
      await sessionsList(page).getByText('Firefox on Android').waitFor();
      await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
      await dialog.getByText('other browsers and devices where you are signed in are signed out at once', { exact: false }).waitFor();
      await expectAccessible(page, 'Your account, asking to sign out everywhere else');
      await screenshotBoth(page, 'account-sign-out-elsewhere', { fullPage: false });
      await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await page.getByText(/^\d+ other sessions? signed out\.$/).waitFor();
      expect(await sessionsList(page).getByText('Firefox on Android').count()).toBe(0);

      for (const other of pages) {
        await other.goto(`${baseUrl}/profile`);
        await other.waitForURL(`${baseUrl}/login`);
      }
      await page.goto(`${baseUrl}/profile`);
      await page.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();
    } finally {
      await Promise.all(others.map((c) => c.close()));
    }
  });
});

describe('connected apps', () => {
  it('disconnects an OpenID Connect app: its refresh is invalid_grant and its back-channel URL got the logout token', async () => {
    const tokens = await signInFlow(logbook, here.context, CALLBACK, 'openid profile offline_access');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const sid = tokens.claims()!.sid;

    const { page } = here;
    await page.goto(`${baseUrl}/account`);
    const card = page.getByRole('listitem', { name: 'Logbook' });
    await card.getByText('Can act while you are away').waitFor();
    await card.getByRole('list', { name: 'What Logbook may do' }).getByText('Act while you are away').waitFor();
    await expectAccessible(page, 'Your account with a connected app');
    await screenshotBoth(page, 'account-connected');

    await card.getByRole('button', { name: 'Disconnect Logbook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Logbook?' });
    await dialog.getByText('it can no longer act for you while you are away', { exact: false }).waitFor();
    await expectAccessible(page, 'Your account, asking to disconnect an app');
    await screenshotBoth(page, 'account-disconnect', { fullPage: false });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Logbook disconnected.').waitFor();
    await card.waitFor({ state: 'detached' });
    await expectAccessible(page, 'Your account after a Disconnect');

    expect(await refusal(client.refreshTokenGrant(logbook, tokens.refresh_token!))).toBe('invalid_grant');
    await expect.poll(() => logoutTokens.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const logout = decodeJwt(logoutTokens.at(-1)!);
    expect(logout).toMatchObject({ iss: baseUrl, aud: 'logbook', sub: '1:100002', sid });
    expect(logout.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });

    // What changed says it, in her words.
    await page.getByRole('table', { name: 'What changed' }).getByText('You disconnected Logbook').waitFor();
  });

  it('says why each app is open, and which group would open another', async () => {
    const { page } = here;
    await page.goto(`${baseUrl}/account`);
    const open = page.getByRole('list', { name: 'Apps you can open' });
    await open.getByText('Through your group Pilots').waitFor();
    await open.getByText('Open to every player').first().waitFor();
    await page
      .getByRole('list', { name: 'Apps you could ask for' })
      .getByText('Open to members of the faction Galactic Weapon Systems')
      .waitFor();
  });
});

describe('the dashboard tells a change to your access once', () => {
  it('shows "Your access to Relay ended" after an admin takes Mira out of Pilots, and not on the next visit', async () => {
    const groups = (await admin('GET', '/api/admin/groups')).body as { id: string; name: string }[];
    const pilots = groups.find((g) => g.name === 'Pilots')!;
    const users = (await admin('GET', '/api/admin/users?q=Mira')).body as { id: string }[];
    const removed = await fetch(`${baseUrl}/api/admin/groups/${pilots.id}/members/${users[0]!.id}`, {
      method: 'DELETE',
      headers: { cookie: adminCookie, origin: baseUrl },
    });
    expect(removed.status).toBe(204);

    const { page } = here;
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByText('Your access to Relay ended: an admin removed you from Pilots.').waitFor();
    await expectAccessible(page, 'the dashboard with a change to your access');
    await screenshotBoth(page, 'dashboard-access-notice');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your apps' }).waitFor();
    await page.getByRole('link', { name: /Logbook/ }).waitFor();
    expect(await page.getByText('Your access to Relay ended', { exact: false }).count()).toBe(0);
  });
});
