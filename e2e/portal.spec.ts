import { PORTAL_APP_KEY } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { EXAMPLE_APPS, seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await seedApps(inject('databaseUrl'), [
    ...EXAMPLE_APPS,
    { key: 'ops', name: 'Secret Ops', icon: '🛡️', url: 'https://ops.example.com', description: 'Only for granted players.' },
  ]);
});
afterAll(() => browser?.close());

/** Every main-frame visit to /login, to prove a guard redirects exactly once. */
function countLoginVisits(page: Page): () => number {
  let visits = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login') visits++;
  });
  return () => visits;
}

describe('a player', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await newPage(browser));
  });

  it('signs in through the SWCombine page and sees the dashboard, header and footer', async () => {
    await page.goto(`${baseUrl}/login`);
    await expect.poll(() => page.getByText('Please login with your SWCombine Account').isVisible()).toBe(true);
    await screenshotBoth(page, 'login');
    await expectAccessible(page, '/login');
    await signInAs(page, baseUrl, 'Mira Solan');
    await page.getByText('Fleet Tracker').waitFor();
    expect(await page.getByRole('link', { name: 'Industry Alignment Management Platform' }).getAttribute('href')).toBe('/dashboard');
    expect(await page.getByText('Market Watch').isVisible()).toBe(true);
    expect(await page.getByText('Secret Ops').count()).toBe(0);
    expect(await page.getByText('Open testing with faction pilots').isVisible()).toBe(true);
    const year = new Date().getFullYear();
    expect(
      await page
        .getByText(`Developed by Galactic Weapon Systems | Industry Alignment Management Platform Version 0.01 © ${year} SWCombine`)
        .isVisible(),
    ).toBe(true);
    await screenshotBoth(page, 'dashboard');
    await expectAccessible(page, '/dashboard');
  });

  it('gets the dashboard drawn by the server, and the page takes it over without an error', async () => {
    const errors: string[] = [];
    const collect = (error: Error) => errors.push(error.message);
    page.on('pageerror', collect);
    try {
      const response = await page.goto(`${baseUrl}/dashboard`);
      // The cards are in the page as it arrived, before any script ran.
      const sent = await response!.text();
      expect(sent).toContain('Fleet Tracker');
      expect(sent).toContain('id="server-render"');
      // The menu button says it is not ready until the script has taken the page over; the click waits for that.
      await page.getByRole('button', { name: /Mira Solan/ }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
      await page.keyboard.press('Escape');
      expect(await page.getByRole('link', { name: /Market Watch/ }).getAttribute('href')).toMatch(/^https:\/\/market\.example\.com\/?$/);
    } finally {
      page.off('pageerror', collect);
    }
    // A mismatch between the server's markup and the browser's first render is reported as a page error.
    expect(errors).toEqual([]);
  });

  it('is sent on to the dashboard when opening /login while signed in', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Your apps' }).waitFor();
  });

  it('opens the user menu: Profile and Logout, no Admin', async () => {
    await page.getByRole('button', { name: /Mira Solan/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await expectAccessible(page, 'the open user menu');
    await page.keyboard.press('Escape');
  });

  it('opens the profile and switches the automation token on, which survives a reload', async () => {
    await page.getByRole('button', { name: /Mira Solan/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByText('Your Profile').waitFor();
    for (const text of ['Mira Solan', "Twi'lek", '1:100002', 'Manage SWC consents']) {
      expect(await page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
    }
    const checkbox = page.getByRole('checkbox', { name: 'Enable SWC automation token' });
    expect(await checkbox.isChecked()).toBe(false);
    await screenshotBoth(page, 'profile');
    await expectAccessible(page, '/profile');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/swc/auth-token') && r.request().method() === 'POST');
    // A click, not check(): the controlled checkbox flips a few microtasks after the click, once the optimistic update lands.
    await checkbox.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => checkbox.isChecked()).toBe(true);
    await page.reload();
    await page.getByText('Your Profile').waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Enable SWC automation token' }).isChecked()).toBe(true);
  });

  it('cannot reach the admin panel: it is told so there, with a way back to the dashboard', async () => {
    await page.goto(`${baseUrl}/admin`);
    await page.getByText('You do not have the admin role.').waitFor();
    expect(await page.getByText('Admin Panel').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
  });

  it('signs out and lands on /login; the dashboard then needs a new sign-in', async () => {
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: /Mira Solan/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/login`);
  });
});

describe('an admin', () => {
  it('sees the Admin entry and the seven tiles of the Admin Panel', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, baseUrl, 'Jorin Vex');
    await page.getByRole('button', { name: /Jorin Vex/ }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).waitFor();
    await expectAccessible(page, "an admin's open user menu");
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByText('Admin Panel').waitFor();
    const tiles = {
      'Manage Apps': '/admin/apps',
      Users: '/admin/users',
      'Access Control': '/admin/access',
      'SWC Integration': '/admin/swc',
      'User Consents': '/admin/consents',
      'Service JWTs': '/admin/jwts',
      'Radiant Management': '/admin/radiant-mgmt',
    };
    for (const [label, href] of Object.entries(tiles)) {
      expect(await page.getByRole('link', { name: new RegExp(`^${label}`) }).getAttribute('href')).toBe(href);
    }
    await screenshotBoth(page, 'admin');
    await expectAccessible(page, '/admin');
    await context.close();
  });
});

describe('guards', () => {
  it('sends a signed-out visitor of /dashboard to /login exactly once', async () => {
    const { page, context } = await newPage(browser);
    const visits = countLoginVisits(page);
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.waitForTimeout(1500);
    expect(visits()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('sends an unknown path to /login exactly once', async () => {
    const { page, context } = await newPage(browser);
    const visits = countLoginVisits(page);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.waitForTimeout(1500);
    expect(visits()).toBe(1);
    await context.close();
  });
});

describe('the auth service', () => {
  it('does not redirect to an unregistered rd and says why', async () => {
    const { page, context } = await newPage(browser);
    const response = await page.goto(`${baseUrl}/auth/login?aud=${PORTAL_APP_KEY}&rd=${encodeURIComponent('https://evil.example/steal')}`);
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(baseUrl);
    expect(await page.getByText('This sign-in link is not valid').isVisible()).toBe(true);
    await screenshotBoth(page, 'auth-invalid-rd');
    await context.close();
  });

  it('shows a clear page when the player denies at SWCombine, with a way back', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page
      .getByRole('link', { name: 'Login with SWCombine' })
      .or(page.getByRole('button', { name: 'Login with SWCombine' }))
      .click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByText('You declined the sign-in at SWCombine').waitFor();
    await screenshotBoth(page, 'auth-denied');
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await context.close();
  });
});
