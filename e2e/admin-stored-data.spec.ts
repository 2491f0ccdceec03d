import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Galaxy } from '../swc-simulator/src/world/galaxy.ts';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { seedSyncedGalaxy } from './helpers/seed-galaxy.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
const galaxy = new Galaxy();
const system = galaxy.systems.all[1234]!;
const sector = galaxy.sectors.get(system.sectorUid)!;
/** #d6dce7, the colour the map draws a system in. */
const SYSTEM_COLOUR = [214, 220, 231];
let browser: Browser;

beforeAll(async () => {
  // The whole galaxy and the faction inventory, as a completed sync stores them (minutes at SWCombine's budget).
  const seeded = await seedSyncedGalaxy(inject('databaseUrl'));
  expect(seeded.systems).toBeGreaterThanOrEqual(2400);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The map canvas's pixel at its centre, as [r, g, b]. */
const centrePixel = (page: Page) =>
  page.getByRole('img', { name: /^Galaxy map/ }).evaluate((canvas: HTMLCanvasElement) => {
    const ratio = window.devicePixelRatio || 1;
    const data = canvas
      .getContext('2d')!
      .getImageData(Math.floor((canvas.width / ratio / 2) * ratio), Math.floor((canvas.height / ratio / 2) * ratio), 1, 1).data;
    return [data[0], data[1], data[2]];
  });

describe('what the sync stored, on Radiant Management', () => {
  it('lists the systems, finds one by name and opens its raw SWCombine answer', async () => {
    const { page } = await newPage(browser);
    await signInAs(page, baseUrl, 'Jorin Vex');
    await page.goto(`${baseUrl}/admin/radiant-mgmt`);
    await page.getByRole('link', { name: 'Data: systems' }).click();
    const table = page.getByRole('table', { name: 'Stored systems' });
    await table.waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/radiant-mgmt/data?target=systems`);
    await page.getByText('1–25 of 2,400').waitFor();
    await screenshotBoth(page, 'admin-radiant-data');
    await expectAccessible(page, '/admin/radiant-mgmt/data');

    await page.getByRole('searchbox', { name: 'Search systems' }).fill(system.uid);
    await page.getByText('1–1 of 1').waitFor();
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: system.name, exact: true }) });
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(`${sector.name}${sector.uid}`);

    await row.getByRole('button', { name: `Raw SWCombine answer of ${system.name}` }).click();
    const drawer = page.getByRole('dialog', { name: system.name });
    const raw = drawer.getByLabel('Raw SWCombine answer');
    await raw.waitFor();
    expect(JSON.parse((await raw.textContent())!)).toMatchObject({
      uid: system.uid,
      sector: { attributes: { uid: sector.uid } },
      coordinates: { galaxy: { attributes: system.galaxy } },
    });
    await screenshotBoth(page, 'admin-radiant-data-raw', { fullPage: false });
    await expectAccessible(page, 'the raw-answer drawer');
    // On a phone too the close button stays on screen: the answer's long lines scroll inside their own block.
    await page.setViewportSize({ width: 375, height: 812 });
    const close = (await drawer.getByRole('button', { name: 'Close' }).boundingBox())!;
    expect(close.x + close.width).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('draws the galaxy map, centres it on a searched system and names the system under the pointer', async () => {
    const { page } = await newPage(browser);
    await signInAs(page, baseUrl, 'Jorin Vex');
    await page.goto(`${baseUrl}/admin/radiant-mgmt`);
    await page.getByRole('link', { name: 'Galaxy map' }).click();
    const canvas = page.getByRole('img', { name: /^Galaxy map: 2,400 systems\./ });
    await canvas.waitFor();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('galaxy-map-first-draw').length)).toBe(1);
    await page.getByText('712 faction inventory entities at').waitFor();
    await screenshotBoth(page, 'admin-radiant-map');
    await expectAccessible(page, '/admin/radiant-mgmt/map');

    // Names that start with the query come before names that merely contain it, at most 10 of them.
    const search = page.getByRole('combobox', { name: 'Find a system' });
    const query = system.name.slice(0, 2).toLowerCase();
    await search.fill(query);
    await page.getByRole('option').first().waitFor();
    const suggested = await page.getByRole('option').allTextContents();
    expect(suggested.length).toBeLessThanOrEqual(10);
    const starts = suggested.map((name) => name.toLowerCase().startsWith(query));
    expect(starts[0]).toBe(true);
    expect(starts).toEqual([...starts].sort((a, b) => Number(b) - Number(a)));
    await expectAccessible(page, 'the galaxy map with Find a system open');

    await search.fill(system.uid);
    await page.getByRole('option', { name: system.name, exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Centred on ${system.name}` })
      .waitFor();
    // The searched system is drawn in the middle of the canvas, in the colour of a system.
    await expect.poll(() => centrePixel(page)).toEqual(SYSTEM_COLOUR);
    const card = page.getByTestId('system-card');
    expect(await card.textContent()).toContain(system.name);

    // Drag the map away, then point at the system where it went: its card names it.
    const box = (await canvas.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x - 60, centre.y + 40, { steps: 5 });
    await page.mouse.up();
    await page.mouse.move(centre.x - 60, centre.y + 40);
    await expect.poll(() => card.textContent()).toContain(system.name);
    await expect.poll(() => centrePixel(page)).not.toEqual(SYSTEM_COLOUR);
    await screenshotBoth(page, 'admin-radiant-map-centred');
    await page.context().close();
  });
});
