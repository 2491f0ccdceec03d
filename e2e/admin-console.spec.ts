import { PORTAL_APP_KEY } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectAccessibleWithListOpen } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Page;
let player: Page;

/** Picks an option in one of the searchable Mantine selects. */
async function pick(page: Page, label: string, search: string, option: string, checkOpen = false) {
  const input = page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first();
  if (checkOpen) await expectAccessibleWithListOpen(page, input, `the ${label} field`, search);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: player } = await newPage(browser));
  await signInAs(player, baseUrl, 'Mira Solan');
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(() => browser?.close());

describe('App Catalog', () => {
  it('creates an app that players then see on their dashboard', async () => {
    await admin.goto(`${baseUrl}/admin/apps`);
    await admin.getByRole('cell', { name: PORTAL_APP_KEY, exact: true }).first().waitFor();
    await expectAccessible(admin, '/admin/apps');
    await admin.getByRole('button', { name: 'Create app' }).click();
    await admin.getByRole('textbox', { name: /^Key/ }).and(admin.locator('[aria-invalid="true"]')).waitFor();
    await expectAccessible(admin, '/admin/apps with validation errors shown');
    await admin.getByRole('textbox', { name: /^Key/ }).fill('starmap');
    await admin.getByRole('textbox', { name: /^Name/ }).fill('Star Map');
    await admin.getByRole('textbox', { name: /^Token audience/ }).fill('starmap');
    await admin.getByRole('textbox', { name: /^URL/ }).fill('https://starmap.example.com/');
    await admin.getByRole('textbox', { name: /^Description/ }).fill('Every system, sector and hyperlane.');
    await admin.getByRole('textbox', { name: /^Phase$/ }).fill('Alpha');
    await admin.getByRole('textbox', { name: /^Phase description/ }).fill('Charting the core worlds');
    await admin.getByRole('textbox', { name: /^Progress/ }).fill('30');
    await admin.getByRole('textbox', { name: /^Sign-in return addresses/ }).fill('https://starmap.example.com/');
    await admin.locator('label', { hasText: '🪐' }).click(); // the chip's label; its radio input is visually hidden
    expect(await admin.getByRole('radio', { name: '🪐' }).isChecked()).toBe(true);
    await admin.getByRole('checkbox', { name: 'Bypass UID whitelist' }).check();
    await screenshotBoth(admin, 'admin-apps-form');
    await expectAccessible(admin, '/admin/apps with a filled form');
    await admin.getByRole('button', { name: 'Create app' }).click();
    await admin.getByRole('cell', { name: 'Star Map', exact: true }).waitFor();

    await player.goto(`${baseUrl}/dashboard`);
    await player.getByText('Star Map').waitFor();
    expect(await player.getByText('Charting the core worlds').isVisible()).toBe(true);
  });

  it('edits it, and the dashboard follows', async () => {
    await admin.getByRole('row').filter({ hasText: 'Star Map' }).getByRole('button', { name: /Edit/ }).click();
    await admin.getByRole('button', { name: 'Cancel' }).waitFor();
    await expectAccessible(admin, '/admin/apps editing an app');
    await admin.getByRole('textbox', { name: /^Name/ }).fill('Galactic Star Map');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByRole('cell', { name: 'Galactic Star Map', exact: true }).waitFor();
    await screenshotBoth(admin, 'admin-apps');
    await player.reload();
    await player.getByText('Galactic Star Map').waitFor();
  });

  it('deletes it after confirmation', async () => {
    await admin
      .getByRole('row')
      .filter({ hasText: 'Galactic Star Map' })
      .getByRole('button', { name: /Delete/ })
      .click();
    await admin.getByText('Delete app?').waitFor();
    await expectAccessible(admin, '/admin/apps with the delete confirmation open');
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('cell', { name: 'Galactic Star Map', exact: true }).waitFor({ state: 'detached' });
    await player.reload();
    await player.getByText('Your apps').waitFor();
    expect(await player.getByText('Galactic Star Map').count()).toBe(0);
  });
});

describe('Users', () => {
  it('adds a user by UID and shows a user’s apps, sessions and audit log', async () => {
    await admin.goto(`${baseUrl}/admin/users`);
    await admin.getByRole('textbox', { name: /^UID/ }).fill('1:777777');
    await admin.getByRole('button', { name: 'Add user' }).click();
    await admin.getByText('1:777777').first().waitFor();
    // No sign-in and no roster ever named 1:777777: the admin is asked to check it in the game.
    await admin.getByRole('alert').filter({ hasText: '1:777777 is not a character the portal knows' }).waitFor();
    await expectAccessible(admin, '/admin/users after adding a UID the game never named');
    await screenshotBoth(admin, 'admin-users-add-unknown-uid', { fullPage: false });

    await admin.getByLabel('Search users').fill('Mira');
    await admin.getByRole('button', { name: 'Mira Solan' }).click();
    const details = admin
      .getByRole('region', { name: 'Details of Mira Solan' })
      .or(admin.locator('section[aria-label="Details of Mira Solan"]'));
    await details.getByText('Active Sessions').waitFor();
    expect(await details.getByText('Audit Log').isVisible()).toBe(true);
    await expect.poll(() => details.getByRole('cell', { name: /^Signed in/ }).count()).toBeGreaterThan(0);
    await screenshotBoth(admin, 'admin-users');
    await expectAccessible(admin, "/admin/users with a user's details");
  });
});

describe('User App Access', () => {
  it('grants, suspends and revokes, and shows Current: each time', async () => {
    await admin.goto(`${baseUrl}/admin/apps`);
    await admin.getByRole('textbox', { name: /^Key/ }).fill('armory');
    await admin.getByRole('textbox', { name: /^Name/ }).fill('Armory');
    await admin.getByRole('textbox', { name: /^Token audience/ }).fill('armory');
    await admin.getByRole('button', { name: 'Create app' }).click();
    await admin.getByRole('cell', { name: 'Armory', exact: true }).waitFor();

    await admin.goto(`${baseUrl}/admin/access`);
    await pick(admin, 'User', 'Mira', 'Mira Solan (1:100002)', true);
    await pick(admin, 'App', 'Armory', 'Armory (armory)', true);
    await admin.getByText('Current: none').waitFor();
    await admin.getByRole('button', { name: 'Grant' }).click();
    await admin.getByText('Current: active').waitFor();
    await screenshotBoth(admin, 'admin-access');
    await expectAccessible(admin, '/admin/access');
    await admin.getByRole('button', { name: 'Suspend' }).click();
    const suspending = admin.getByRole('dialog', { name: 'Suspend Mira Solan (1:100002) on Armory?' });
    await suspending.waitFor();
    await expectAccessible(admin, '/admin/access, asking to suspend');
    await screenshotBoth(admin, 'admin-access-suspend');
    await suspending.getByRole('button', { name: 'Suspend' }).click();
    await admin.getByText('Current: suspended').waitFor();
    await admin.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByRole('dialog', { name: 'Revoke access?' }).getByRole('button', { name: 'Revoke' }).click();
    await admin.getByText('Current: revoked').waitFor();
  });
});

describe('Central Consents & Roles', () => {
  it('grants and revokes a scope and a role', async () => {
    await admin.goto(`${baseUrl}/admin/consents`);
    await pick(admin, 'User', 'Mira', 'Mira Solan (1:100002)');
    await pick(admin, 'App', 'Armory', 'Armory (armory)');
    await admin.getByPlaceholder('scope...').fill('  armory.read  ');
    await admin.getByRole('button', { name: 'Grant' }).first().click();
    await admin.getByRole('button', { name: 'Revoke armory.read' }).waitFor();
    await admin.getByPlaceholder('admin, staff, sysadmin...').fill('quartermaster');
    await admin.getByRole('button', { name: 'Grant' }).last().click();
    await admin.getByRole('button', { name: 'Revoke quartermaster' }).waitFor();
    await screenshotBoth(admin, 'admin-consents');
    await expectAccessible(admin, '/admin/consents');
    await admin.getByRole('button', { name: 'Revoke armory.read' }).click();
    await admin.getByRole('button', { name: 'Revoke armory.read' }).waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Revoke quartermaster' }).click();
    await admin.getByRole('button', { name: 'Revoke quartermaster' }).waitFor({ state: 'detached' });
  });

  it('shows the admin’s own actions in the audit log of the user', async () => {
    await admin.goto(`${baseUrl}/admin/users`);
    await admin.getByLabel('Search users').fill('Mira');
    await admin.getByRole('button', { name: 'Mira Solan' }).click();
    // Each row is a sentence naming what changed and the acting admin; the App column beside it names the app, the sentence does not again.
    for (const event of [
      'Access granted',
      'Access suspended',
      'Access revoked',
      'Consent granted: armory.read',
      'Role revoked: quartermaster',
    ]) {
      const row = admin
        .getByRole('row')
        .filter({ has: admin.getByRole('cell', { name: `${event} by Jorin Vex`, exact: true }) })
        .first();
      await row.waitFor();
      expect(await row.getByRole('cell', { name: 'Armory', exact: true }).count()).toBe(1);
    }
  });
});

describe('Profile of an admin', () => {
  it('names the admin role once: the Role line, no badge repeating it', async () => {
    await admin.goto(`${baseUrl}/profile`);
    const details = admin.getByLabel('Profile details');
    await details.waitFor();
    expect(await details.getByText('admin', { exact: true }).count()).toBe(1);
    expect(await admin.getByRole('main').getByText('admin', { exact: true }).count()).toBe(1);
    await screenshotBoth(admin, 'profile-admin');
    await expectAccessible(admin, '/profile of an admin');
  });
});
