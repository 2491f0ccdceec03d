import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
const SCREEN = `${baseUrl}/admin/radiant-mgmt`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A row of Recent Jobs (Stored data has a row per target too). */
const jobRow = (page: Page, type: string) =>
  page
    .getByRole('table', { name: 'Recent jobs' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: type, exact: true }) });

describe('/admin/radiant-mgmt', () => {
  it('tells a signed-out visitor so, and its button starts the portal sign-in', async () => {
    const { page } = await newPage(browser);
    await page.goto(SCREEN);
    await page.getByText('You are not logged in.').waitFor();
    expect(page.url()).toBe(SCREEN);
    await screenshotBoth(page, 'admin-radiant-mgmt-signed-out');
    await expectAccessible(page, '/admin/radiant-mgmt, signed out');

    await page.getByRole('link', { name: 'Login with Radiant' }).click();
    await page.getByRole('button', { name: 'Sign in as Jorin Vex' }).waitFor();
    await page.context().close();
  });

  it('tells a player without the admin role so', async () => {
    const { page } = await newPage(browser);
    await signInAs(page, baseUrl, 'Mira Solan');
    await page.goto(SCREEN);
    await page.getByText('You do not have the admin role.').waitFor();
    expect(page.url()).toBe(SCREEN);
    expect(await page.getByRole('button', { name: 'factions' }).count()).toBe(0);
    await screenshotBoth(page, 'admin-radiant-mgmt-not-admin');
    await expectAccessible(page, '/admin/radiant-mgmt, not an admin');
    await page.context().close();
  });

  it('lets the admin trigger a factions sync and see it complete in Recent Jobs', async () => {
    const { page } = await newPage(browser);
    await signInAs(page, baseUrl, 'Jorin Vex');
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('link', { name: /Radiant Management/ }).click();
    await page.getByRole('heading', { name: 'Trigger Sync' }).waitFor();
    expect(page.url()).toBe(SCREEN);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Admin Panel' }).waitFor();
    await expectAccessible(page, '/admin/radiant-mgmt, before any sync');

    await page.getByRole('button', { name: 'factions', exact: true }).click();
    await page.getByText(/^Sync triggered: /).waitFor();
    await jobRow(page, 'factions').waitFor();

    // The product runs in `all` mode: its worker picks the job up; the screen polls while it is in progress.
    await expect
      .poll(() => jobRow(page, 'factions').getByRole('cell').nth(1).textContent(), { timeout: 45_000, interval: 500 })
      .toBe('completed');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => jobRow(page, 'factions').getByRole('cell').nth(1).textContent()).toBe('completed');
    await screenshotBoth(page, 'admin-radiant-mgmt');
    await expectAccessible(page, '/admin/radiant-mgmt, after a completed sync');

    await page.context().close();
  });
});
