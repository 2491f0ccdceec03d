import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { signIn } from './helpers/http-session.ts';
import { signInAs } from './helpers/sign-in.ts';
import { startProduct, type RunningProduct } from './helpers/start-product.ts';

const PORT = Number(process.env.E2E_PORT ?? 3900) + 40;
let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  // As a new operator starts it: the bundled simulator at SWCombine's default of 600 requests an hour.
  product = await startProduct(PORT);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Save & Connect on SWC Integration, over HTTP: Jorin Vex grants his faction's ships inventory. */
async function connectBinding(base: string, cookie: string) {
  const scopes = encodeURIComponent('CHARACTER_READ faction_inv_ships_all');
  const start = await fetch(`${base}/api/admin/swc/connect?tenant_id=1324&actor=faction-leader&requested_scopes=${scopes}`, {
    redirect: 'manual',
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
  });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const state = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('portal_login_state='))!
    .split(';')[0]!;
  const form = new URLSearchParams(authorize.searchParams);
  form.set('character', '1:100001');
  for (const s of (authorize.searchParams.get('scope') ?? '').split(' ')) form.append('granted_scope', s);
  const consent = await fetch(new URL('/ws/oauth2/auth/', authorize), { method: 'POST', body: form, redirect: 'manual' });
  const done = await fetch(consent.headers.get('location')!, { redirect: 'manual', headers: { cookie: `${state}; ${cookie}` } });
  expect(done.status).toBe(302);
}

describe('a first `all` sync at the default budget', () => {
  it('completes within minutes on its list pages, and Radiant Management shows the details backlog', { timeout: 8 * 60_000 }, async () => {
    await connectBinding(product.baseUrl, await signIn(product.baseUrl, '1:100001'));
    const { page } = await newPage(browser);
    await signInAs(page, product.baseUrl, 'Jorin Vex');
    await page.goto(`${product.baseUrl}/admin/radiant-mgmt`);
    await page.getByRole('heading', { name: 'Trigger Sync' }).waitFor();

    // all asks first; nothing is read yet, so it says the first step is all that is known, and the rate the rest goes at.
    await page.getByRole('button', { name: 'all', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Sync every target?' });
    await ask.getByText(/^The whole run's cost is known only once its lists are read: \d+ of them never have been\./).waitFor();
    const started = Date.now();
    await ask.getByRole('button', { name: 'Sync all' }).click();
    await page.getByText(/^Sync triggered: /).waitFor();
    const allRow = page
      .getByRole('table', { name: 'Recent jobs' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'all', exact: true }) });
    await expect.poll(() => allRow.getByRole('cell').nth(1).textContent(), { timeout: 5 * 60_000, interval: 1_000 }).toBe('completed');
    const minutes = (Date.now() - started) / 60_000;
    console.log(`first all completed in ${minutes.toFixed(1)} min`);
    expect(minutes).toBeLessThan(5);
    await page.getByText(/^Sync completed: factions: /).waitFor();

    // The stored data: every system, its details being read in the background at what the budget leaves.
    const figures = page.getByRole('table', { name: 'Targets' });
    const systems = figures.getByRole('row').filter({ has: page.locator('td:first-child', { hasText: /^systemsData$/ }) });
    // The bundled galaxy's 2,400 systems.
    await expect.poll(() => systems.getByRole('cell').nth(1).textContent(), { timeout: 15_000 }).toBe('2,400');
    expect(await systems.getByRole('cell').nth(2).textContent()).toMatch(/^completed2,400 new/);
    expect(await systems.getByRole('cell').nth(3).textContent()).toMatch(/^details: [\d,]+ of 2,400, about \d+ h left$/);
    await screenshotBoth(page, 'admin-radiant-mgmt-after-first-all');

    // The next all: every list's length is known now, and what the details fill still has to read.
    await page.getByRole('button', { name: 'Run all' }).click();
    await ask.getByText(/^About 2\d\d requests now, then about [\d,]+ in the background, done in about \d+ h at your budget\.$/).waitFor();
    await screenshotBoth(page, 'admin-radiant-mgmt-confirm-all-known', { fullPage: false });
    await expectAccessible(page, '/admin/radiant-mgmt, asking before all with what it will cost');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });

    // The data API marks the rows still waiting for their details.
    const sample = await page.evaluate(async () => (await fetch('/api/data/weapons?limit=200')).json());
    expect(sample.items.some((w: { details_pending: boolean }) => w.details_pending)).toBe(true);
    await page.context().close();
  });
});
