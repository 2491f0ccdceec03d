import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectAccessibleWithListOpen } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
const APP = { key: 'relay-desk', name: 'Relay Desk', url: 'https://relay.example.com/', description: 'Messages between outposts.' };
let browser: Browser;
let admin: Page;

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}` : '';
  });

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [APP]);
  browser = await launchBrowser();
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(() => browser?.close());

describe('the console puts feedback where the eye and the focus are', () => {
  it('offers Skip to content as the first Tab stop, and it leads past the header', async () => {
    await admin.goto(`${baseUrl}/admin`);
    await admin.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await admin.keyboard.press('Tab');
    const skip = admin.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(admin, '/admin with Skip to content focused');
    await screenshotBoth(admin, 'console-skip-link', { fullPage: false });
    await admin.keyboard.press('Enter');
    expect(await focused(admin)).toBe('main');
  });

  it('marks a key another app holds on the Key field and focuses it', async () => {
    await admin.goto(`${baseUrl}/admin/apps`);
    await admin.getByRole('textbox', { name: /^Key/ }).fill(APP.key);
    await admin.getByRole('textbox', { name: /^Name/ }).fill('Relay Desk II');
    await admin.getByRole('textbox', { name: /^Token audience/ }).fill('relay-desk-2');
    await admin.getByRole('button', { name: 'Create app' }).click();
    const key = admin.getByRole('textbox', { name: /^Key/ });
    await key.and(admin.locator('[aria-invalid="true"]')).waitFor();
    expect(await key.evaluate((el) => el === document.activeElement)).toBe(true);
    await admin.getByText(`Another app already uses the key "${APP.key}".`).first().waitFor();
    await expectAccessible(admin, '/admin/apps with a key another app holds');
    await screenshotBoth(admin, 'console-duplicate-key');
  });

  it('moves the focus to the notice after a save', async () => {
    await admin.getByRole('textbox', { name: /^Key/ }).fill('relay-desk-2');
    await admin.getByRole('button', { name: 'Create app' }).click();
    const notice = admin.getByRole('status').filter({ hasText: 'App "Relay Desk II" created.' });
    await notice.waitFor();
    await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('says an unknown user id names no user, and links back to Users', async () => {
    await admin.goto(`${baseUrl}/admin/users/00000000-0000-4000-8000-00000000dead`);
    const alert = admin.getByRole('alert').filter({ hasText: 'This user does not exist.' });
    await alert.waitFor();
    expect(await alert.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await expectAccessible(admin, 'an unknown user id');
    await screenshotBoth(admin, 'console-unknown-user');
    await alert.getByRole('link', { name: 'Back to Users' }).click();
    await admin.waitForURL(`${baseUrl}/admin/users`);
  });

  it('shows the device and browser on a user’s Sessions, not the raw user agent', async () => {
    await admin.goto(`${baseUrl}/admin/users`);
    await admin.getByRole('main').getByRole('button', { name: 'Jorin Vex', exact: true }).first().click();
    await admin.getByRole('link', { name: 'Open user page' }).click();
    await admin.getByRole('tab', { name: 'Sessions' }).click();
    const sessions = admin.getByRole('table', { name: 'Active Sessions' }).or(admin.getByRole('list', { name: 'Active Sessions' }));
    await sessions
      .getByText(/^(Headless Chrome|Chrome|Chromium) on Linux$/)
      .first()
      .waitFor();
    expect(await sessions.getByText(/Mozilla\/5\.0/).count()).toBe(0);
    await expectAccessible(admin, 'a user’s Sessions with devices in words');
    await screenshotBoth(admin, 'console-sessions-device');
  });

  it('marks the forward-auth placeholders and says so above the snippets', async () => {
    await admin.goto(`${baseUrl}/admin/apps`);
    await admin.getByRole('link', { name: APP.name, exact: true }).first().click();
    await admin.getByRole('tab', { name: 'Sign-in' }).click();
    const traefik = admin.getByRole('region', { name: 'Traefik configuration' });
    await traefik.locator('mark', { hasText: '<your-namespace>' }).first().waitFor();
    await admin.getByText('are placeholders: put in where the app runs in your cluster', { exact: false }).waitFor();
    await expectAccessible(admin, 'the app page, Sign-in, with placeholders marked');
    await traefik.scrollIntoViewIfNeeded();
    await screenshotBoth(admin, 'console-forward-auth-placeholders');
  });

  it('explains each field of the Service JWT dialog and where the token is written without a cluster', async () => {
    await admin.goto(`${baseUrl}/admin/jwts`);
    await admin.getByRole('button', { name: 'Add JWT Configuration' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add JWT Configuration' });
    await dialog.getByText('Without a cluster it writes a file shaped like the Secret instead', { exact: false }).waitFor();
    await dialog.getByText('The aud claim', { exact: false }).waitFor();
    await expectAccessible(admin, 'the Service JWT dialog with its help');
    await screenshotBoth(admin, 'console-jwt-dialog-help', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it("draws an open list inside the page's landmarks", async () => {
    await admin.goto(`${baseUrl}/admin/access`);
    const userField = admin.getByRole('combobox', { name: 'User' });
    await expectAccessibleWithListOpen(admin, userField, '/admin/access, the User field', 'Jorin');
    expect(await admin.getByRole('listbox').evaluate((list) => list.closest('main') !== null)).toBe(true);
    await screenshotBoth(admin, 'console-list-open', { fullPage: false });
  });

  it('tells the player on Your account where Logout is', async () => {
    await admin.goto(`${baseUrl}/account`);
    await admin.getByText('To sign out here, use Logout in the menu at the top').first().waitFor();
    await expectAccessible(admin, '/account');
    await screenshotBoth(admin, 'console-account');
  });

  it('names on each Admin Panel tile the page it opens', async () => {
    await admin.goto(`${baseUrl}/admin`);
    await admin.getByText('App Catalog:', { exact: false }).waitFor();
    await screenshotBoth(admin, 'console-admin-tiles');
  });
});
