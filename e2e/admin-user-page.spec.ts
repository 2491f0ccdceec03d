import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Page;
let mira: { context: BrowserContext; page: Page };

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [
    { key: 'shipyard', name: 'Shipyard Ledger', icon: '🏭', url: 'https://shipyard.example.com/', description: 'Hulls on order.' },
  ]);
  browser = await launchBrowser();
  // Mira is signed in: she has a live session to end.
  mira = await newPage(browser);
  await signInAs(mira.page, baseUrl, 'Mira Solan');
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(() => browser?.close());

const tab = (name: string) => admin.getByRole('tab', { name });

describe('a user is a page', () => {
  it('opens from the Users list, on Apps & access, where access changes in the row', async () => {
    await admin.goto(`${baseUrl}/admin/users`);
    // Found by name, as an admin does: a roster read another file ran may have put 2,000 players before her.
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('Mira');
    await admin.getByRole('button', { name: 'Mira Solan' }).first().click();
    await admin.getByRole('link', { name: 'Open user page' }).click();
    await admin.waitForURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await admin.getByRole('heading', { level: 1, name: 'Mira Solan' }).waitFor();
    expect(await tab('Apps & access').getAttribute('aria-selected')).toBe('true');

    const row = admin.getByRole('row').filter({ hasText: 'Shipyard Ledger' });
    await row.getByText('none').waitFor();
    await row.getByRole('button', { name: 'Grant Mira Solan access to Shipyard Ledger' }).click();
    await admin.getByText('Access granted to Mira Solan on Shipyard Ledger.').waitFor();
    await row.getByText('active').waitFor();
    await expectAccessible(admin, 'the user page, Apps & access');
    await screenshotBoth(admin, 'admin-user-page-apps');
  });

  it('grants a central role on Roles & consents, and names a refused one at its button', async () => {
    await tab('Roles & consents').click();
    // Within the tab's panel: the Apps & access panel's buttons may still be on the page for a moment.
    await admin
      .getByRole('tabpanel', { name: 'Roles & consents' })
      .getByRole('button', { name: /Shipyard Ledger/ })
      .click();
    const role = admin.getByRole('textbox', { name: 'Grant a role' });
    await role.fill('quartermaster');
    await role.press('Enter');
    await admin.getByRole('list', { name: 'Central Roles' }).getByText('quartermaster').waitFor();

    await role.fill('fleet admiral');
    await role.press('Enter');
    await admin.getByRole('status').filter({ hasText: '1 field needs a change' }).waitFor();
    expect(await role.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(admin, 'the user page, Roles & consents, after a refused grant');
    await role.fill('');
    await screenshotBoth(admin, 'admin-user-page-consents');
  });

  it('ends a session on Sessions after saying what happens, which signs Mira out', async () => {
    await tab('Sessions').click();
    const sessions = admin.getByRole('table', { name: 'Active Sessions' }).or(admin.getByRole('list', { name: 'Active Sessions' }));
    await sessions.getByRole('button', { name: 'End session' }).first().waitFor();
    await expectAccessible(admin, 'the user page, Sessions');
    await screenshotBoth(admin, 'admin-user-page-sessions');

    await admin.getByRole('button', { name: 'End all sessions' }).click();
    const dialog = admin.getByRole('dialog', { name: 'End all sessions?' });
    await dialog.getByText('Mira Solan is signed out everywhere', { exact: false }).waitFor();
    await expectAccessible(admin, 'the user page, Sessions, asking to end all');
    await dialog.getByRole('button', { name: 'End all sessions' }).click();
    await admin.getByText(/^\d+ sessions? ended\.$/).waitFor();
    await admin.getByText('No active sessions.').waitFor();

    await mira.page.goto(`${baseUrl}/profile`);
    await mira.page.waitForURL(`${baseUrl}/login`);
  });

  it('lists her events on Events, the latest first', async () => {
    await tab('Events').click();
    const log = admin.getByRole('table', { name: 'Audit Log' }).or(admin.getByRole('list', { name: 'Audit Log' }));
    await log
      .getByText(/^Session ended( on .+)? by Jorin Vex/)
      .first()
      .waitFor();
    await log.getByText('Access granted', { exact: false }).first().waitFor();
    await expectAccessible(admin, 'the user page, Events');
    await screenshotBoth(admin, 'admin-user-page-events');
  });
});
