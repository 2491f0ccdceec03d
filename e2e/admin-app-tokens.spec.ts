import * as client from 'openid-client';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { api, signIn } from './helpers/http-session.ts';
import { refusal, signInFlow } from './helpers/openid-client-flow.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

/**
 * An admin ends a player's app tokens: a bot holding Mira's offline_access refresh token goes on getting
 * tokens after her sessions end, until the admin disconnects it from her user page (or End all is asked to).
 * The product is shared with other specs, which connect apps of their own to Mira (one of them a device-flow
 * bot named Fleet Bot): this bot has a name of its own, and her other apps may be listed beside it.
 */
const baseUrl = inject('baseUrl');
const BOT_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3900) + 61}`;
const CALLBACK = `${BOT_ORIGIN}/callback`;

let browser: Browser;
let bot: Server;
let patrolBot: client.Configuration;
let miraId: string;
let admin: Page;
let mira: BrowserContext;

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [
    { key: 'patrol-bot', name: 'Patrol Bot', icon: '🤖', url: `${BOT_ORIGIN}/`, redirect_urls: [CALLBACK], skip_uid_whitelist: true },
  ]);
  const adminApi = api(baseUrl, await signIn(baseUrl, '1:100001'));
  const apps = (await adminApi('GET', '/api/admin/apps')).body as { id: string; key: string }[];
  const secret = await adminApi('POST', `/api/admin/apps/${apps.find((a) => a.key === 'patrol-bot')!.id}/client-secret`);
  patrolBot = await client.discovery(
    new URL(baseUrl),
    'patrol-bot',
    undefined,
    client.ClientSecretBasic((secret.body as { client_secret: string }).client_secret),
    { execute: [client.allowInsecureRequests] },
  );
  bot = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Patrol Bot</title>'));
  await new Promise<void>((resolve) => bot.listen(Number(new URL(BOT_ORIGIN).port), '127.0.0.1', resolve));
  browser = await launchBrowser();
  ({ context: mira } = await newPage(browser));
  await signInAs(await mira.newPage(), baseUrl, 'Mira Solan');
  const users = (await adminApi('GET', '/api/admin/users?q=Mira')).body as { id: string; uid: string }[];
  miraId = users.find((u) => u.uid === '1:100002')!.id;
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(async () => {
  await browser?.close();
  bot?.close();
});

describe("a player's app tokens, ended by an admin", () => {
  it('lists the bot on her user page; End all, asked to, disconnects it and its refresh token is refused', async () => {
    const tokens = await signInFlow(patrolBot, mira, CALLBACK, 'openid profile offline_access');
    expect(tokens.refresh_token).toEqual(expect.any(String));

    await admin.goto(`${baseUrl}/admin/users/${miraId}?tab=sessions`);
    const apps = admin.getByRole('table', { name: 'Connected apps' });
    const row = apps.getByRole('row').filter({ hasText: 'Patrol Bot' });
    await row.getByText('Can act').waitFor();
    await expectAccessible(admin, "a user's page listing her connected apps");
    await screenshotBoth(admin, 'admin-user-connected-apps');

    await admin.getByRole('button', { name: 'End all sessions' }).click();
    const dialog = admin.getByRole('dialog', { name: 'End all sessions?' });
    const also = dialog.getByRole('checkbox', { name: /^Also disconnect their (app|\d+ apps): .*Patrol Bot/ });
    await also.check();
    await dialog.getByText('Patrol Bot can go on acting for Mira Solan while they are away', { exact: false }).waitFor();
    await expectAccessible(admin, 'End all sessions, asking whether to disconnect the apps');
    await screenshotBoth(admin, 'admin-user-end-all-apps', { fullPage: false });
    await dialog.getByRole('button', { name: 'End all and disconnect' }).click();
    await admin.getByText(/sessions? ended, \d+ apps? disconnected\./).waitFor();
    await apps.getByText('No app keeps tokens for this user.').or(admin.getByText('No app keeps tokens for this user.')).first().waitFor();

    expect(await refusal(client.refreshTokenGrant(patrolBot, tokens.refresh_token!))).toBe('invalid_grant');
  });

  it('Disconnect on the row ends one app the same way', async () => {
    const page = await mira.newPage();
    await signInAs(page, baseUrl, 'Mira Solan');
    const tokens = await signInFlow(patrolBot, mira, CALLBACK, 'openid profile offline_access');

    await admin.reload();
    const apps = admin.getByRole('table', { name: 'Connected apps' });
    await apps.getByRole('button', { name: 'Disconnect Patrol Bot' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Disconnect Patrol Bot?' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await admin.getByText('Patrol Bot disconnected.').waitFor();
    expect(await refusal(client.refreshTokenGrant(patrolBot, tokens.refresh_token!))).toBe('invalid_grant');
    // Her session goes on: only the app's tokens ended.
    await page.goto(`${baseUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});
