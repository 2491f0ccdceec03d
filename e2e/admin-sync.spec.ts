import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, saveScreenshot, screenshotBoth } from './helpers/browser.ts';
import { seedFailedRun } from './helpers/seed-sync-run.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
const SCREEN = `${baseUrl}/admin/radiant-mgmt`;
const FAILED_ALL =
  'factions: 120 (120 new); sectors failed: SWCombine refused the sector list: Service Unavailable (tried 4 times). ' +
  'Start the sync again when SWCombine answers.; not read: systems, planets, stations, classes, ships, vehicles, facilities, ' +
  'items, droids, weapons, inventory';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A row of Recent Jobs. */
const jobRow = (page: Page, type: string) =>
  page
    .getByRole('table', { name: 'Recent jobs' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: type, exact: true }) });

/** A target's row of the Targets table (its first cell starts with the target's name). */
const targetRow = (page: Page, target: string) =>
  page
    .getByRole('table', { name: 'Targets' })
    .getByRole('row')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${target}(Data)?$`) }) });

/** The Schedule cell of a target's row. */
const scheduleOf = (row: Locator) => row.getByRole('cell').nth(4);

/**
 * A state `prepare` makes at each width, photographed there: an opened message is the component's own
 * state, and crossing the phone breakpoint swaps cards for rows, which forgets it.
 */
async function screenshotEach(page: Page, name: string, list: Locator, prepare: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    // Cards on a phone, a table on a computer: the swap must be done before the state is made.
    await list
      .getByRole(width < 600 ? 'list' : 'table')
      .first()
      .waitFor();
    await prepare();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await saveScreenshot(page, `${name}-${width}.png`, { fullPage: true });
  }
}

/** The SWCombine binding the inventory needs is not connected (another spec may have left one). */
async function withoutBinding(page: Page) {
  await page.evaluate(async () => {
    const key = 'tenant_id=1324&actor=faction-leader';
    const status = (await (await fetch(`/api/admin/swc?${key}`)).json()) as { connected: boolean };
    if (status.connected) await fetch(`/api/admin/swc/binding?${key}`, { method: 'DELETE' });
  });
}

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
});

describe('/admin/radiant-mgmt for the admin', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await newPage(browser));
    await signInAs(page, baseUrl, 'Jorin Vex');
    await withoutBinding(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('shows the Trigger Sync grid, Recent Jobs and one table of the targets, the inventory needing a binding', async () => {
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('link', { name: /Radiant Management/ }).click();
    await page.getByRole('heading', { name: 'Trigger Sync' }).waitFor();
    expect(page.url()).toBe(SCREEN);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Admin Panel' }).waitFor();
    await page.getByRole('table', { name: 'Targets' }).waitFor();

    // One row per target, all first; each but all leads to its stored rows, and the map is a click away.
    const names = await page.getByRole('table', { name: 'Targets' }).getByRole('row').locator('td:first-child').allTextContents();
    expect(names.map((n) => n.replace(/Data$/, ''))).toEqual([
      'all',
      'factions',
      'sectors',
      'systems',
      'stations',
      'planets',
      'inventory',
      'classes',
      'ships',
      'vehicles',
      'facilities',
      'items',
      'droids',
      'weapons',
    ]);
    expect(await page.getByRole('link', { name: 'Data: systems' }).getAttribute('href')).toBe('/admin/radiant-mgmt/data?target=systems');
    expect(await page.getByRole('link', { name: 'Galaxy map' }).getAttribute('href')).toBe('/admin/radiant-mgmt/map');

    const inventory = targetRow(page, 'inventory');
    await inventory.getByText('Needs a SWCombine binding').waitFor();
    const connect = inventory.getByRole('link', { name: 'Connect a SWCombine binding on SWC Integration' });
    expect(await connect.getAttribute('href')).toBe('/admin/swc');
    expect(await inventory.getByRole('button', { name: /^Run/ }).count()).toBe(0);

    // Every control of the table is a tap target of at least 24 px.
    const small = await page
      .getByRole('table', { name: 'Targets' })
      .locator('button, a, input')
      .evaluateAll((els) =>
        els
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.width < 24 || r.height < 24))
          .map((r) => `${r.width}×${r.height}`),
      );
    expect(small).toEqual([]);
    await screenshotBoth(page, 'admin-radiant-mgmt');
    await expectAccessible(page, '/admin/radiant-mgmt, the Targets table');
  });

  it('edits a schedule in its row: says the range at the field, saves, pauses and resumes', async () => {
    const factions = targetRow(page, 'factions');
    await factions.getByRole('button', { name: 'Schedule factions' }).click();
    const hours = factions.getByRole('textbox', { name: /^Every \(hours\)/ });
    await hours.fill('0');
    await hours.press('Tab');
    await factions.getByText('Hours must be a whole number from 1 to 168').waitFor();
    expect(await hours.inputValue()).toBe('0');
    await factions.getByRole('button', { name: 'Save the factions schedule' }).click();
    await screenshotBoth(page, 'admin-radiant-mgmt-schedule-refused');
    await expectAccessible(page, '/admin/radiant-mgmt, a schedule refused at the field');

    // The editor and what was typed outlive the swap of rows for cards (a phone turned sideways).
    expect(await hours.inputValue()).toBe('0');
    await hours.fill('6');
    await factions.getByRole('button', { name: 'Save the factions schedule' }).click();
    await scheduleOf(factions).getByText('Saved: factions syncs every 6 h.').waitFor();
    await scheduleOf(factions).getByText('every 6 h', { exact: true }).waitFor();

    await factions.getByRole('button', { name: 'Pause the factions schedule' }).click();
    await scheduleOf(factions).getByText('No run is queued until resumed').waitFor();
    await screenshotBoth(page, 'admin-radiant-mgmt-schedule-paused');
    await expectAccessible(page, '/admin/radiant-mgmt, a paused schedule');
    const saved = await page.evaluate(async () => (await (await fetch('/api/admin/radiant-mgmt/schedules')).json()) as unknown[]);
    expect(saved).toEqual([expect.objectContaining({ target: 'factions', everyHours: 6, pausedAt: expect.any(String) })]);

    await factions.getByRole('button', { name: 'Resume the factions schedule' }).click();
    await scheduleOf(factions)
      .getByText(/^next /)
      .waitFor();
    await factions.getByRole('button', { name: 'Edit the factions schedule' }).click();
    await factions.getByRole('button', { name: 'Remove the factions schedule' }).click();
    await scheduleOf(factions).getByText('factions no longer syncs by itself.').waitFor();
  });

  it('asks before all, saying what it will cost, and sends nothing on Cancel', async () => {
    // The product is shared with other specs: count the `all` runs already there.
    const before = await jobRow(page, 'all').count();
    await page.getByRole('button', { name: 'all', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync every target?' });
    // Before any list was read the cost is the whole run's, told as its first step; once read, a sum in requests.
    // Other specs on the shared product may have read the lists already: either sentence is this one's answer.
    await dialog
      .getByText(
        /^(The whole run's cost is known only once its lists are read: .* It starts with [\d,]+ requests? \(a page a list\)|About [\d,]+ requests now)/,
      )
      .waitFor();
    expect(await dialog.textContent()).toContain('inventory is skipped: it needs a SWCombine binding');
    expect(await dialog.textContent()).toMatch(
      /Your budget leaves background work [\d,]+ requests an hour; sign-ins and roster reads keep the rest/,
    );
    await screenshotBoth(page, 'admin-radiant-mgmt-confirm-all', { fullPage: false });
    await expectAccessible(page, '/admin/radiant-mgmt, asking before all');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await jobRow(page, 'all').count()).toBe(before);
  });

  it('triggers a factions sync and sees it complete in Recent Jobs and in its row', async () => {
    // The server's answer, so that a refusal (a 409 while another factions run is queued) fails here, in words.
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/radiant-mgmt/sync/factions',
    );
    await page.getByRole('button', { name: 'factions', exact: true }).click();
    const answer = await answered;
    expect(answer.status(), await answer.text()).toBe(202);
    // "Sync triggered" gives way to how the run ended as soon as the history shows it: a quick run may end before the
    // locator looks again (it looks once a second after its first tries).
    await page.getByText(/^Sync (triggered|completed): /).waitFor();
    await jobRow(page, 'factions').waitFor();

    // The product runs in `all` mode: its worker picks the job up; the screen polls while it is in progress.
    await expect
      .poll(() => jobRow(page, 'factions').getByRole('cell').nth(1).textContent(), { timeout: 45_000, interval: 500 })
      .toBe('completed');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => jobRow(page, 'factions').getByRole('cell').nth(1).textContent()).toBe('completed');
    await expect.poll(() => targetRow(page, 'factions').getByRole('cell').nth(2).textContent(), { timeout: 15_000 }).toMatch(/^completed/);
    await screenshotBoth(page, 'admin-radiant-mgmt-after-sync');
    await expectAccessible(page, '/admin/radiant-mgmt, after a completed sync');
  });

  it("keeps a failed run's message to one line, with the rest on demand, in Recent Jobs and in Activity", async () => {
    await seedFailedRun(inject('databaseUrl'), 'all', FAILED_ALL);
    await page.getByRole('button', { name: 'Refresh' }).click();
    // Recent Jobs, as rows on a computer and cards on a phone.
    const failed = page.getByRole('region', { name: 'Recent Jobs' });
    await failed.getByText(FAILED_ALL).waitFor();
    const oneLine = async (text: Locator) =>
      text.evaluate((el) => el.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(el).lineHeight));
    expect(await oneLine(failed.getByText(FAILED_ALL))).toBe(true);
    await screenshotBoth(page, 'admin-radiant-mgmt-failed-run');
    await expectAccessible(page, '/admin/radiant-mgmt, a failed run');
    const open = async () => {
      // Other specs on the shared product may have left an `all` run of their own: the failed one is the newest.
      const more = failed.getByRole('button', { name: "Show all of the all sync's message" }).first();
      if (await more.isVisible()) await more.click();
      expect(await oneLine(failed.getByText(FAILED_ALL))).toBe(false);
    };
    await screenshotEach(page, 'admin-radiant-mgmt-failed-run-open', failed, open);
    await page.setViewportSize({ width: 375, height: 812 });
    await failed.getByRole('list').waitFor();
    await open();
    await expectAccessible(page, '/admin/radiant-mgmt, a failed run read in full');
    // The all row says it failed too, one line.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Reload figures' }).click();
    await expect.poll(() => targetRow(page, 'all').getByRole('cell').nth(2).textContent()).toMatch(/^failed/);

    await page.goto(`${baseUrl}/admin/activity`);
    const events = page.getByRole('region', { name: 'Events' });
    const sentence = events.getByText(`Data sync failed: all (${FAILED_ALL})`);
    await sentence.waitFor();
    expect(await oneLine(sentence)).toBe(true);
    await screenshotBoth(page, 'admin-activity-sync-failed');
    await expectAccessible(page, '/admin/activity, a failed sync');
    await screenshotEach(page, 'admin-activity-sync-failed-open', events, async () => {
      const more = events.getByRole('button', { name: 'Show all of why the sync failed' }).first();
      if (await more.isVisible()) await more.click();
      expect(await oneLine(sentence)).toBe(false);
    });
  });
});
