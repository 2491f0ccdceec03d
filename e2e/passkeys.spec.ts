import { startSimulator, type RunningSimulator } from '@portal/swc-simulator';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { addPasskeyOnAccount, addVirtualAuthenticator, type VirtualAuthenticator } from './helpers/passkeys.ts';
import { startProduct, type RunningProduct } from './helpers/start-product.ts';
import { signInAs } from './helpers/sign-in.ts';

/**
 * Passkeys with a real browser: Chromium's virtual authenticator (the DevTools protocol's WebAuthn
 * domain) answers the prompts. A community's portal (ADMIN_PASSKEY=required, the default with a real
 * SWCombine) against a standalone SWCombine simulator that the spec stops: an admin adds a passkey on
 * Your account, is asked to confirm it at the admin console and is refused at the API without it, and
 * signs in with the passkey while SWCombine is down.
 */
const PORT = Number(process.env.E2E_PORT ?? 3900) + 10;
const SIM_PORT = Number(process.env.E2E_PORT ?? 3900) + 20;
const CLIENT = { clientId: 'passkeys', clientSecret: 'passkeys-secret' };

let sim: RunningSimulator | null;
let product: RunningProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let baseUrl: string;
let authenticator: VirtualAuthenticator;

beforeAll(async () => {
  sim = await startSimulator({ port: SIM_PORT, clients: [{ ...CLIENT, redirectUris: [`http://localhost:${PORT}/auth/callback`] }] });
  product = await startProduct(PORT, {
    SWC_BASE_URL: sim.url,
    SWC_CLIENT_ID: CLIENT.clientId,
    SWC_CLIENT_SECRET: CLIENT.clientSecret,
    ADMIN_UIDS: '1:100001',
    SWC_REQUEST_TIMEOUT_S: '2',
  });
  baseUrl = product.baseUrl;
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  authenticator = await addVirtualAuthenticator(context, page);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await sim?.close();
});

const adminApi = () => page.request.get(`${baseUrl}/api/admin/apps`);

describe('passkeys in the browser', () => {
  it('asks an admin without a passkey to add one, and refuses the admin API meanwhile', async () => {
    await signInAs(page, baseUrl, 'Jorin Vex');
    await page.goto(`${baseUrl}/admin`);
    await expect.poll(() => page.getByRole('heading', { name: 'Add a passkey to use the admin console' }).isVisible()).toBe(true);
    await expectAccessible(page, 'admin console, no passkey');
    await screenshotBoth(page, 'admin-passkey-add-first');
    const refused = await adminApi();
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'passkey_required' });
  });

  it('adds a passkey on Your account right after the SWCombine sign-in', async () => {
    await addPasskeyOnAccount(page, baseUrl, 'Jorin’s laptop', async () => {
      await expectAccessible(page, 'add a passkey dialog');
      await screenshotBoth(page, 'account-passkey-add', { fullPage: false });
    });
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    const section = page
      .getByRole('region', { name: 'Passkeys' })
      .or(page.locator('section', { hasText: 'Passkeys' }))
      .first();
    await expect.poll(() => section.getByText('Jorin’s laptop', { exact: true }).first().isVisible()).toBe(true);
    await expectAccessible(page, 'account with a passkey');
    await screenshotBoth(page, 'account-passkeys');
  });

  it('asks to confirm at the admin console, and opens it once confirmed', async () => {
    await page.goto(`${baseUrl}/admin`);
    await expect.poll(() => page.getByRole('heading', { name: "Confirm it's you" }).isVisible()).toBe(true);
    await expectAccessible(page, 'confirm it’s you');
    await screenshotBoth(page, 'admin-passkey-confirm');
    expect((await adminApi()).status()).toBe(403);
    await page.getByRole('button', { name: 'Confirm with a passkey' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Panel' }).isVisible()).toBe(true);
    expect((await adminApi()).status()).toBe(200);
  });

  it('shows an admin the player’s passkeys on the user page', async () => {
    const me = (await (await page.request.get(`${baseUrl}/api/me`)).json()) as { id: string };
    await page.goto(`${baseUrl}/admin/users/${me.id}`);
    await page.getByRole('tab', { name: 'Passkeys' }).click();
    await expect.poll(() => page.getByText('Jorin’s laptop', { exact: true }).first().isVisible()).toBe(true);
    await expectAccessible(page, 'user page, passkeys');
    await screenshotBoth(page, 'admin-user-passkeys');
  });

  it('signs in with the passkey while SWCombine is down', async () => {
    await sim!.close();
    sim = null;
    await page.goto(`${baseUrl}/auth/logout`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in with a passkey' }).isVisible()).toBe(true);
    await expectAccessible(page, 'login with a passkey button');
    await screenshotBoth(page, 'login-passkey');
    // axe's checks above went through DevTools too; the authenticator must still hold the passkey, or the browser's
    // prompt below would wait for one until the test's timeout.
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await expect.poll(() => page.getByText('SWCombine could not be reached', { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, 'dashboard while SWCombine is down');
    await screenshotBoth(page, 'dashboard-swc-down');
    const me = (await (await page.request.get(`${baseUrl}/api/me`)).json()) as { name: string; uid: string };
    expect(me).toMatchObject({ name: 'Jorin Vex', uid: '1:100001' });
    // A passkey sign-in is a passkey use: the admin console opens without another prompt.
    expect((await adminApi()).status()).toBe(200);
  });
});
