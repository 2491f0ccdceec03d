import { SCREEN_PATHS } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { signInAs } from './helpers/sign-in.ts';

/** A player (Mira) who opens an admin address: one answer everywhere, but on Service JWTs. */
const baseUrl = inject('baseUrl');
const ADMIN_PATHS = SCREEN_PATHS.filter((path) => path.startsWith('/admin') && path !== '/admin/jwts');

let browser: Browser;
let mira: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: mira } = await newPage(browser));
  await signInAs(mira, baseUrl, 'Mira Solan');
});
afterAll(() => browser?.close());

describe('a player at an admin address', () => {
  it('is told "You do not have the admin role." at every admin screen but Service JWTs, and stays there', async () => {
    for (const path of ADMIN_PATHS) {
      await mira.goto(`${baseUrl}${path}`);
      await mira.getByText('You do not have the admin role.').waitFor();
      expect(await mira.getByRole('link', { name: 'Go to the dashboard' }).isVisible(), path).toBe(true);
      expect(new URL(mira.url()).pathname, path).toBe(path);
    }
  });

  it('looks finished at phone and desktop width, passes axe, and goes back to the dashboard by its link', async () => {
    await mira.goto(`${baseUrl}/admin/apps`);
    await mira.getByText('You do not have the admin role.').waitFor();
    await screenshotBoth(mira, 'admin-refusal');
    await expectAccessible(mira, 'a player at /admin/apps');
    await mira.getByRole('link', { name: 'Go to the dashboard' }).click();
    await mira.waitForURL(`${baseUrl}/dashboard`);
    await mira.getByRole('heading', { name: 'Your apps' }).waitFor();
  });

  it("sees the server's refusal at /admin/jwts, which does no client-side role check", async () => {
    const list = mira.waitForResponse((r) => r.url() === `${baseUrl}/api/admin/service-jwts`);
    await mira.goto(`${baseUrl}/admin/jwts`);
    expect((await list).status()).toBe(403);
    await mira.getByRole('heading', { name: 'Service JWT Management' }).waitFor();
    await mira.getByRole('alert').filter({ hasText: /admin/ }).waitFor();
    expect(await mira.getByRole('link', { name: 'Go to the dashboard' }).count()).toBe(0);
  });
});
