import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(() => browser?.close());

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'SWCombine Permissions' });
const ticked = (page: Page) =>
  page
    .getByRole('group', { name: /Scopes/ })
    .getByRole('checkbox', { checked: true })
    .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('value')));

describe('/admin/swc refuses without redirecting', () => {
  it('tells a signed-out visitor and offers the portal sign-in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/admin/swc`);
    await page.getByText('You are not logged in.').waitFor();
    await heading(page).waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/swc`);
    await expectAccessible(page, '/admin/swc signed out');
    await screenshotBoth(page, 'admin-swc-signed-out');

    await page.getByRole('link', { name: 'Login with Radiant' }).click();
    await page.getByRole('button', { name: 'Sign in as Jorin Vex' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await context.close();
  });

  it('tells a player without the admin role (Mira Solan, 1:100002)', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, baseUrl, 'Mira Solan');
    await page.goto(`${baseUrl}/admin/swc`);
    await page.getByText('You do not have the admin role.').waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/swc`);
    expect(await page.getByRole('textbox', { name: 'Tenant' }).count()).toBe(0);
    await expectAccessible(page, '/admin/swc as a player');
    await screenshotBoth(page, 'admin-swc-not-admin');
    await context.close();
  });
});

describe('an admin binds SWCombine permissions', () => {
  it('opens from the SWC Integration tile, not connected, with the defaults', async () => {
    await admin.goto(`${baseUrl}/admin`);
    await admin.getByRole('link', { name: /SWC Integration/ }).click();
    await heading(admin).waitFor();
    await admin.getByText('Not connected').waitFor();
    expect(await admin.getByRole('textbox', { name: 'Tenant' }).inputValue()).toBe('1324');
    expect(await ticked(admin)).toEqual(['CHARACTER_AUTH', 'CHARACTER_READ']);
    await admin.getByText(/^SWCombine requests left this hour: \d+ of 600/).waitFor();
    expect(await admin.getByRole('button', { name: 'Disconnect' }).isDisabled()).toBe(true);
    await expectAccessible(admin, '/admin/swc not connected');
    await screenshotBoth(admin, 'admin-swc');
  });

  it('Save & Connect goes through SWCombine and comes back connected, with who and which scopes', async () => {
    await admin.getByRole('checkbox', { name: 'faction_inv_ships_all' }).check();
    await admin.getByRole('checkbox', { name: 'faction_credits_read' }).check();
    await admin.getByRole('button', { name: 'Save & Connect' }).click();
    // On SWCombine's consent page the admin grants all but faction_credits_read.
    await admin.getByRole('checkbox', { name: /faction_credits_read/ }).uncheck();
    await admin.getByRole('button', { name: 'Sign in as Jorin Vex' }).click();
    await admin.waitForURL(`${baseUrl}/admin/swc?tenant_id=1324&actor=faction-leader`);

    await admin.getByText('Connected', { exact: true }).waitFor();
    await admin.getByText('Authorized by Jorin Vex (1:100001) of Galactic Weapon Systems (20:2400)').waitFor();
    await admin.getByText('Scopes: character_auth, character_read, faction_inv_ships_all').waitFor();
    expect(await ticked(admin)).toEqual(['CHARACTER_AUTH', 'CHARACTER_READ', 'faction_inv_ships_all']);
    expect(await admin.getByRole('button', { name: 'Disconnect' }).isEnabled()).toBe(true);
    await expectAccessible(admin, '/admin/swc connected');
    await screenshotBoth(admin, 'admin-swc-connected');
  });

  it('Refresh shows the status of the tenant and actor typed in', async () => {
    await admin.getByRole('textbox', { name: 'Tenant' }).fill('guild-7');
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await admin.getByRole('heading', { name: 'Status for tenant guild-7, faction-leader' }).waitFor();
    await admin.getByText('Not connected').waitFor();

    await admin.getByRole('textbox', { name: 'Tenant' }).fill('1324');
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await admin.getByRole('heading', { name: 'Status for tenant 1324, faction-leader' }).waitFor();
    await admin.getByText('Connected', { exact: true }).waitFor();
  });

  it('says what Tenant and Actor are, and refuses an empty tenant in words instead of switching bindings', async () => {
    const tenant = admin.getByRole('textbox', { name: 'Tenant' });
    expect(await tenant.getAttribute('aria-describedby')).toBeTruthy();
    await admin.getByText(/The data sync reads the faction inventory with tenant 1324 and actor faction-leader/).waitFor();
    await tenant.fill('');
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await admin.getByText(/^Enter a tenant: the name of the binding/).waitFor();
    expect(await tenant.getAttribute('aria-invalid')).toBe('true');
    await admin.getByRole('heading', { name: 'Status for tenant 1324, faction-leader' }).waitFor();
    await expectAccessible(admin, '/admin/swc with an empty tenant refused');
    await screenshotBoth(admin, 'admin-swc-empty-tenant');
    await tenant.fill('1324');
  });

  it('Disconnect asks first, then the binding is gone', async () => {
    await admin.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Disconnect SWCombine permissions?' });
    await dialog.waitFor();
    await expectAccessible(admin, '/admin/swc asking before Disconnect');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByText('Not connected').waitFor();
    expect(await admin.getByRole('button', { name: 'Disconnect' }).isDisabled()).toBe(true);
    await admin.reload();
    await admin.getByText('Not connected').waitFor();
  });
});
