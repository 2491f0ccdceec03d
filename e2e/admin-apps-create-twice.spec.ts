import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage } from './helpers/browser.ts';
import { signInAs } from './helpers/sign-in.ts';

// One Create form, however the catalog was used before: create, open a row's OpenID Connect dialog, close it, create again.
const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Page;

async function createApp(page: Page, key: string, name: string) {
  const form = page.getByRole('region', { name: 'Create app' });
  await form.getByRole('textbox', { name: /^Key/ }).fill(key);
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('textbox', { name: /^Token audience/ }).fill(key);
  await form.getByRole('textbox', { name: /^Sign-in return addresses/ }).fill(`https://${key}.example.com/callback`);
  await form.getByRole('button', { name: 'Create app' }).click();
  await page.getByText(`App "${name}" created.`).waitFor();
  await page.getByRole('cell', { name, exact: true }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(() => browser?.close());

describe('the Create form', () => {
  it('stays one form after a row’s OpenID Connect dialog was opened and closed', async () => {
    await admin.goto(`${baseUrl}/admin/apps`);
    await admin.getByRole('region', { name: 'Create app' }).waitFor();
    await createApp(admin, 'beacon', 'Beacon');

    await admin
      .getByRole('row')
      .filter({ hasText: 'Beacon' })
      .getByRole('button', { name: /OpenID Connect/ })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'OpenID Connect: Beacon' });
    await dialog.waitFor();
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await createApp(admin, 'lantern', 'Lantern');
    await admin.waitForTimeout(500);
    expect(await admin.getByRole('region', { name: 'Create app' }).count()).toBe(1);
    expect(await admin.locator('form button[data-loading]').count()).toBe(0);
    const form = admin.getByRole('region', { name: 'Create app' });
    expect(await form.getByRole('textbox', { name: /^Key/ }).inputValue()).toBe('');
    await expectAccessible(admin, '/admin/apps after creating twice around an OpenID Connect dialog');
  });
});
