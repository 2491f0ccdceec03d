import * as client from 'openid-client';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, saveScreenshot, screenshotBoth } from './helpers/browser.ts';
import { addPasskeyOnAccount, addVirtualAuthenticator } from './helpers/passkeys.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';
import { startProduct, type RunningProduct } from './helpers/start-product.ts';

/**
 * Apps that ask for a passkey, with a relying party nobody here wrote (panva's openid-client) and
 * Chromium's virtual authenticator: the id_token's amr says how the player signed in, and an app with
 * Require a passkey sends a player whose session used none to "Confirm it's you", then on to the app.
 */
const BASE = Number(process.env.E2E_PORT ?? 3900);
const PORT = BASE + 30;
const APPS_ORIGIN = `http://127.0.0.1:${BASE + 38}`;
const LEDGER = `${APPS_ORIGIN}/ledger/callback`;
const VAULT = `${APPS_ORIGIN}/vault/callback`;

let product: RunningProduct;
let baseUrl: string;
let apps: Server;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let ledger: client.Configuration;
let vault: client.Configuration;

const discover = (clientId: string) =>
  client.discovery(new URL(baseUrl), clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] });

/** The app's side of a sign-in in this page: PKCE, state and nonce, checked by openid-client on the way back. */
async function startSignIn(config: client.Configuration, redirectUri: string) {
  const checks = {
    pkceCodeVerifier: client.randomPKCECodeVerifier(),
    expectedState: client.randomState(),
    expectedNonce: client.randomNonce(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid',
    state: checks.expectedState,
    nonce: checks.expectedNonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.pkceCodeVerifier),
    code_challenge_method: 'S256',
  });
  await page.goto(url.href);
  return async () => {
    await page.waitForURL((u) => u.href.startsWith(`${redirectUri}?`));
    return client.authorizationCodeGrant(config, new URL(page.url()), { ...checks, idTokenExpected: true });
  };
}

beforeAll(async () => {
  product = await startProduct(PORT, { ADMIN_UIDS: '1:100001' });
  baseUrl = product.baseUrl;
  await seedApps(product.databaseUrl, [
    { key: 'ledger', name: 'Ledger', url: `${APPS_ORIGIN}/ledger/`, redirect_urls: [LEDGER], skip_uid_whitelist: true },
    { key: 'vault', name: 'Vault', url: `${APPS_ORIGIN}/vault/`, redirect_urls: [VAULT], skip_uid_whitelist: true, require_passkey: true },
  ]);
  ledger = await discover('ledger');
  vault = await discover('vault');
  apps = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>App</title>'));
  await new Promise<void>((r) => apps.listen(BASE + 38, '127.0.0.1', r));
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
});

afterAll(async () => {
  await browser?.close();
  apps?.close();
  await product?.stop();
});

describe('apps that ask for a passkey', () => {
  it('discovers acr_values_supported passkey; openid-client reads amr swc after a SWCombine sign-in', async () => {
    expect(ledger.serverMetadata().acr_values_supported).toEqual(['passkey']);
    await signInAs(page, baseUrl, 'Jorin Vex');
    const tokens = await (await startSignIn(ledger, LEDGER))();
    const claims = tokens.claims()!;
    expect(claims.amr).toEqual(['swc']);
    expect(claims.acr).toBeUndefined();
    expect(claims.auth_time).toEqual(expect.any(Number));
  });

  it('shows Require a passkey on the app form', async () => {
    await page.goto(`${baseUrl}/admin/apps`);
    const box = page.getByRole('checkbox', { name: /^Require a passkey/ });
    await box.check();
    expect(await box.isChecked()).toBe(true);
    await box.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'app form with Require a passkey');
    await screenshotBoth(page, 'admin-apps-require-passkey');
    // The full form is long: the Access section as the screen shows it, at each width.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
      await box.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-apps-require-passkey-access-${width}.png`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('sends the player to confirm a passkey for the app that requires one, then on to the app; amr and acr say so', async () => {
    await addVirtualAuthenticator(context, page);
    await addPasskeyOnAccount(page, baseUrl, 'Jorin’s laptop');

    // Adding a passkey is not a use of one: the vault still asks.
    const finish = await startSignIn(vault, VAULT);
    await page.waitForURL((u) => u.pathname === '/confirm-passkey');
    await expect.poll(() => page.getByRole('heading', { name: "Confirm it's you" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('The app you are opening needs a passkey used in this session.').isVisible()).toBe(true);
    await expectAccessible(page, 'confirm a passkey for an app');
    await screenshotBoth(page, 'app-passkey-confirm');
    await page.getByRole('button', { name: 'Confirm with a passkey' }).click();
    const claims = (await finish()).claims()!;
    expect(claims.acr).toBe('passkey');
    expect(claims.amr).toEqual(['mfa', 'swc', expect.stringMatching(/^(hwk|swk)$/), 'user']);
  });
});
