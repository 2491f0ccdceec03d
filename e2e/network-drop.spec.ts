import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { signInAs } from './helpers/sign-in.ts';

// A save that gets no answer at all keeps what was typed: the session is still valid, only the network is gone.
const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let admin: Page;

/** Every call to the auth service's API fails without an answer, as when the server is down or the cable pulled. */
async function dropTheServer(page: Page) {
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
}

async function fillNewApp(page: Page, key: string, name: string) {
  await page.getByRole('textbox', { name: /^Key/ }).fill(key);
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Token audience/ }).fill(key);
  await page.getByRole('textbox', { name: /^URL/ }).fill(`https://${key}.example.com/`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(() => browser?.close());

describe('a save without an answer', () => {
  it('keeps the app form as typed, says the server could not be reached, and saves on Try again', async () => {
    await admin.goto(`${baseUrl}/admin/apps`);
    await admin.getByRole('button', { name: 'Create app' }).waitFor();
    // A key and name of its own: the product is shared, and another spec registers "ledger" (Ledger) in it.
    await fillNewApp(admin, 'cargo-manifest', 'Cargo Manifest');

    await dropTheServer(admin);
    await admin.getByRole('button', { name: 'Create app' }).click();
    const alert = admin.getByRole('alert').filter({ hasText: 'Save failed' });
    await alert.getByText('The server could not be reached').waitFor();
    await admin.waitForTimeout(500); // the old failure left for /login within 300 ms
    expect(new URL(admin.url()).pathname).toBe('/admin/apps');
    expect(await admin.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Cargo Manifest');
    expect(await admin.getByRole('textbox', { name: /^URL/ }).inputValue()).toBe('https://cargo-manifest.example.com/');
    await screenshotBoth(admin, 'network-drop-app-form');
    await expectAccessible(admin, '/admin/apps after a save without an answer');

    await admin.unroute('**/api/**');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await admin.getByText('App "Cargo Manifest" created.').waitFor();
    await admin.getByRole('cell', { name: 'Cargo Manifest', exact: true }).waitFor();
  });

  it('offline, says so and saves the app once the connection is back', async () => {
    await fillNewApp(admin, 'almanac', 'Almanac');
    await context.setOffline(true);
    try {
      await admin.getByRole('button', { name: 'Create app' }).click();
      const offline = admin.getByRole('status').filter({ hasText: 'You are offline' });
      await offline.waitFor();
      expect(await offline.textContent()).toContain('saved as soon as the connection is back');
      await screenshotBoth(admin, 'network-drop-offline');
      await expectAccessible(admin, '/admin/apps saving while offline');
    } finally {
      await context.setOffline(false);
    }
    await admin.getByText('App "Almanac" created.').waitFor();
    await admin.getByRole('cell', { name: 'Almanac', exact: true }).waitFor();
    expect(new URL(admin.url()).pathname).toBe('/admin/apps');
  });

  it("keeps the profile's automation-token choice and sends it again on Try again", async () => {
    await admin.goto(`${baseUrl}/profile`);
    const checkbox = admin.getByRole('checkbox', { name: /Enable SWC automation token/ });
    await checkbox.waitFor();
    await expect.poll(() => checkbox.isEnabled()).toBe(true);
    const before = await checkbox.isChecked();

    await dropTheServer(admin);
    await checkbox.click();
    const alert = admin.getByRole('alert').filter({ hasText: 'The server could not be reached' });
    await alert.waitFor();
    await admin.waitForTimeout(500);
    expect(new URL(admin.url()).pathname).toBe('/profile');
    expect(await checkbox.isChecked()).toBe(!before);
    await screenshotBoth(admin, 'network-drop-profile');

    await admin.unroute('**/api/**');
    const saved = admin.waitForResponse((r) => r.url().endsWith('/api/swc/auth-token') && r.request().method() === 'POST');
    await alert.getByRole('button', { name: 'Try again' }).click();
    expect((await saved).ok()).toBe(true);
    await alert.waitFor({ state: 'detached' });
    await admin.reload();
    await expect.poll(() => checkbox.isChecked()).toBe(!before);
  });
});
