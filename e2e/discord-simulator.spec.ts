import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDiscordSimulator, type RunningDiscordSimulator } from '@portal/discord-simulator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';

// The bundled Discord simulator's own pages, on a simulator of their own; the product's link flow is tested with the product.
let discord: RunningDiscordSimulator;
let callback: Server;
let callbackUrl: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  callback = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`callback ${req.url}`));
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/auth/discord/callback`;
  discord = await startDiscordSimulator({ port: 0, redirectUris: [callbackUrl] });
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
});

afterAll(async () => {
  await browser?.close();
  await discord?.close();
  await new Promise((resolve) => callback?.close(resolve));
});

function authorizeUrl(state: string): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: discord.connection.clientId,
    scope: 'identify guilds.join',
    redirect_uri: callbackUrl,
    state,
  });
  return `${discord.url}/oauth2/authorize?${q}`;
}

describe('the Discord simulator in a browser', () => {
  it('shows one Authorize button per simulated user, readable at 375 and 1280 px, and sends the code back', async () => {
    await page.goto(authorizeUrl('s-authorize'));
    await page.getByRole('heading', { name: 'SWC Portal wants to access your Discord account' }).waitFor();
    await expectAccessible(page, "the Discord simulator's authorize page");
    await screenshotBoth(page, 'discord-simulator-authorize');
    await page.getByRole('button', { name: 'Authorize as mira.solan' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/discord/callback');
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('s-authorize');
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  });

  it('sends the player back with access_denied on Cancel', async () => {
    await page.goto(authorizeUrl('s-cancel'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/discord/callback');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ error: 'access_denied', state: 's-cancel' });
  });

  it('says what it is on its home page, readable too', async () => {
    await page.goto(discord.url);
    await page.getByRole('heading', { name: 'Discord simulator' }).waitFor();
    await expectAccessible(page, "the Discord simulator's home page");
  });

  it('shows an error page for a redirect the application never registered, readable too', async () => {
    await page.goto(authorizeUrl('s').replace(encodeURIComponent(callbackUrl), encodeURIComponent('http://127.0.0.1:1/elsewhere')));
    await page.getByRole('heading', { name: 'Invalid redirect' }).waitFor();
    await expectAccessible(page, "the Discord simulator's error page");
  });
});
