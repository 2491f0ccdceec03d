import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { signInAs } from './helpers/sign-in.ts';
import { moveCharacter } from './helpers/simulator-control.ts';

/**
 * "Read rosters now" follows the reads it asked for: a read that fails says why on the button's own line,
 * where it once looked as if it had worked.
 */
const baseUrl = inject('baseUrl');
// The product runs its bundled simulator on PORT + 1 (SWC_SIMULATOR_PORT's default).
const SIMULATOR = `http://127.0.0.1:${Number(new URL(baseUrl).port) + 1}`;
const JORIN = '1:100001';
const GWS = '20:2400';
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
  // A binding that may read Galactic Weapon Systems' member list, authorized by Jorin.
  await admin.goto(`${baseUrl}/admin/swc`);
  await admin.getByRole('checkbox', { name: 'faction_members' }).check();
  await admin.getByRole('button', { name: 'Save & Connect' }).click();
  await admin.getByRole('button', { name: 'Sign in as Jorin Vex' }).click();
  await admin.getByText(/^Scopes: .*faction_members/).waitFor();
});
afterAll(async () => {
  await moveCharacter(SIMULATOR, JORIN, GWS).catch(() => undefined);
  await browser?.close();
});

describe('Read rosters now', () => {
  it('says what was read once the reads are done', async () => {
    await admin.goto(`${baseUrl}/admin/groups`);
    await admin.getByRole('button', { name: 'Read rosters now' }).click();
    await admin.getByRole('status').filter({ hasText: 'Read the roster of Galactic Weapon Systems.' }).waitFor({ timeout: 30_000 });
  });

  it('says on its own line why a roster could not be read', async () => {
    // The binding's character leaves the faction in the game: SWCombine refuses the binding's token.
    await moveCharacter(SIMULATOR, JORIN, null);
    await admin.getByRole('button', { name: 'Read rosters now' }).click();
    const failed = admin.getByRole('alert').filter({ hasText: 'The roster of Galactic Weapon Systems could not be read' });
    await failed.getByText(/SWCombine refused the binding's token/).waitFor({ timeout: 30_000 });
    await expectAccessible(admin, '/admin/groups after a roster read failed');
    await screenshotBoth(admin, 'admin-groups-roster-read-failed');
    await moveCharacter(SIMULATOR, JORIN, GWS);
  });
});
