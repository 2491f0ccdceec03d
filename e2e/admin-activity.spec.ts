import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectAccessibleWithListOpen } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
const SENTENCE = 'Access suspended on Holonet for Mira Solan by Jorin Vex';
let browser: Browser;
let admin: Page;

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
  await seedApps(inject('databaseUrl'), [{ key: 'holonet', name: 'Holonet', url: 'https://holonet.example.com/' }]);
  browser = await launchBrowser();
  const { page: player } = await newPage(browser);
  await signInAs(player, baseUrl, 'Mira Solan');
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(() => browser?.close());

describe('Admin → Activity', () => {
  it('shows who suspended a player, with the details, and exports it as CSV', async () => {
    await admin.goto(`${baseUrl}/admin/access`);
    await pick(admin, 'User', 'Mira', 'Mira Solan (1:100002)');
    await pick(admin, 'App', 'Holo', 'Holonet (holonet)');
    await admin.getByText('Current: none').waitFor();
    await admin.getByRole('button', { name: 'Suspend' }).click();
    await admin.getByRole('dialog', { name: 'Suspend Mira Solan (1:100002) on Holonet?' }).getByRole('button', { name: 'Suspend' }).click();
    await admin.getByText('Current: suspended').waitFor();

    await admin.goto(`${baseUrl}/admin`);
    await admin.getByRole('link', { name: /Activity/ }).click();
    await admin.waitForURL(`${baseUrl}/admin/activity`);
    await pick(admin, 'User acted upon', 'Mira', 'Mira Solan (1:100002)', true);
    const row = admin.getByRole('row').filter({ hasText: SENTENCE });
    await row.waitFor();
    await expectAccessible(admin, '/admin/activity');
    await screenshotBoth(admin, 'admin-activity');

    await row.getByRole('button', { name: `Details of: ${SENTENCE}` }).click();
    const details = admin.getByRole('dialog', { name: 'Event details' });
    await details.getByText('access_suspended').waitFor();
    expect(await details.textContent()).toContain('127.0.0.1');
    expect(await details.textContent()).toMatch(/User agent.*Chrom/);
    await expectAccessible(admin, '/admin/activity with an event’s details');
    await screenshotBoth(admin, 'admin-activity-details');
    await details.getByRole('button', { name: 'Close' }).click();

    // From and To are the console's own date picker: a calendar and a time, not the browser's mm/dd/yyyy field.
    expect(await admin.locator('input[type="datetime-local"]').count()).toBe(0);
    await admin.getByRole('button', { name: 'From', exact: true }).click();
    await admin.getByRole('button', { name: 'Set From' }).waitFor();
    await expectAccessible(admin, '/admin/activity with the From date picker open');
    await screenshotBoth(admin, 'admin-activity-date-picker', { fullPage: false });
    await admin.keyboard.press('Escape');

    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^activity-.*\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('id,time,event,outcome,sentence');
    expect(csv).toContain(SENTENCE);
    expect(csv).not.toContain('Jorin Vex: Signed in'); // the export follows the filters: Mira's events only
  });

  it('forwards new events to a webhook the admin sets there, and shows the delivery', async () => {
    const bodies: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(Number(process.env.E2E_HOOK_PORT ?? 6210), '127.0.0.1', r));
    try {
      await admin.getByRole('textbox', { name: /^Webhook URL/ }).fill(`http://127.0.0.1:${Number(process.env.E2E_HOOK_PORT ?? 6210)}/hook`);
      await admin.getByLabel(/^Secret/).fill('e2e-secret-0123456789');
      await admin.getByRole('button', { name: 'Set webhook' }).click();
      await admin.getByText('Forwarding is set').waitFor();
      // The change is itself an event: the worker delivers it, and the screen says so.
      await admin.getByText(/^event \d+ at /).waitFor({ timeout: 30_000 });
      expect(bodies.some((b) => b.includes('"event":"audit_forwarding_set"'))).toBe(true);
      await expectAccessible(admin, '/admin/activity with forwarding set');
      await screenshotBoth(admin, 'admin-activity-forwarding');
    } finally {
      receiver.close();
    }
  });
});
