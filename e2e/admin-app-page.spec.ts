import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectAccessibleWithListOpen } from './helpers/axe.ts';
import { launchBrowser, newPage, saveScreenshot, screenshotBoth } from './helpers/browser.ts';
import { seedApps, type SeedApp } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Page;

const ARCHIVE: SeedApp = {
  key: 'archive',
  name: 'Holo Archive',
  icon: '📜',
  url: 'https://archive.example.com/',
  description: 'Reports and charts of the faction, searchable.',
  phase: 'Beta',
  phaseDesc: 'Open to officers',
  phaseColor: 'teal',
  progress: 60,
};

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [ARCHIVE]);
  browser = await launchBrowser();
  // Mira signs in once, so there is a player to give access to.
  const mira = await newPage(browser);
  await signInAs(mira.page, baseUrl, 'Mira Solan');
  await mira.context.close();
  ({ page: admin } = await newPage(browser));
  await signInAs(admin, baseUrl, 'Jorin Vex');
});
afterAll(() => browser?.close());

const tab = (name: string) => admin.getByRole('tab', { name });

describe('an app is a page', () => {
  it('opens from the catalog on Details: the card previewed live, a refused save named at the button', async () => {
    await admin.goto(`${baseUrl}/admin/apps`);
    await admin.getByRole('link', { name: 'Holo Archive' }).first().click();
    await admin.waitForURL(/\/admin\/apps\/[0-9a-f-]{36}$/);
    await admin.getByRole('heading', { level: 1, name: 'Holo Archive' }).waitFor();
    expect(await tab('Details').getAttribute('aria-selected')).toBe('true');
    const preview = admin.getByRole('region', { name: 'Preview' });
    await preview.getByText('Open to officers').waitFor();
    await expectAccessible(admin, 'the app page, Details');
    await screenshotBoth(admin, 'admin-app-page-details');

    await admin.getByRole('textbox', { name: /^Name/ }).fill('Holo Archive II');
    await admin.getByRole('group', { name: 'Phase colour: pick a colour' }).getByRole('button', { name: 'grape' }).click();
    await preview.getByText('Holo Archive II').waitFor();

    await admin.getByRole('textbox', { name: /^Token audience/ }).fill('');
    await admin.getByRole('textbox', { name: 'URL' }).fill('archive');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    const summary = admin.getByRole('status').filter({ hasText: '2 fields need a change' });
    await summary.waitFor();
    expect(await admin.getByRole('textbox', { name: /^Token audience/ }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(admin, 'the app page, Details, after a refused save');
    await summary.scrollIntoViewIfNeeded();
    await saveScreenshot(admin, 'admin-app-page-refused-save-1280.png');
    await summary.getByRole('button', { name: 'URL' }).click();
    expect(await admin.getByRole('textbox', { name: 'URL' }).evaluate((el) => el === document.activeElement)).toBe(true);

    await admin.getByRole('textbox', { name: /^Token audience/ }).fill('archive');
    await admin.getByRole('textbox', { name: 'URL' }).fill('https://archive.example.com/');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('App "Holo Archive II" saved.').waitFor();
    await admin.getByRole('heading', { level: 1, name: 'Holo Archive II' }).waitFor();
  });

  it("gives on Sign-in the forward-auth configuration with the app's values, and its OpenID Connect client", async () => {
    await tab('Sign-in').click();
    const nginx = admin.getByRole('region', { name: 'ingress-nginx configuration' });
    await nginx.waitFor();
    expect(await nginx.textContent()).toContain(`auth-url: '${baseUrl}/auth/verify?aud=archive'`);
    expect(await admin.getByRole('region', { name: 'Caddy configuration' }).textContent()).toContain('archive.example.com {');
    await admin.getByText('Public client — uses PKCE').waitFor();
    expect(new URL(admin.url()).searchParams.get('tab')).toBe('sign-in');
    await expectAccessible(admin, 'the app page, Sign-in');
    await screenshotBoth(admin, 'admin-app-page-sign-in');
  });

  it('chooses on Sign-in the ways the app signs in: a bot’s device code and a machine client, with what each still needs', async () => {
    const ways = admin.getByRole('form', { name: 'Ways to sign in' });
    await ways.getByRole('checkbox', { name: /^Device code \(bots, command-line tools\)/ }).check();
    await ways.getByText(`${baseUrl}/device`).waitFor();
    await ways.getByRole('checkbox', { name: /^Machine client \(no player\)/ }).check();
    await ways.getByText('A machine client needs a client secret').waitFor();
    await ways.getByRole('textbox', { name: /^Machine client scopes/ }).fill('archive:read archive:write');
    await ways.getByRole('button', { name: 'Save ways to sign in' }).click();
    await ways.getByText('Holo Archive II now signs in the ways chosen.').waitFor();
    await expectAccessible(admin, 'the app page, Sign-in, ways to sign in chosen');
    await screenshotBoth(admin, 'admin-app-page-sign-in-grants');
    // The Details tab's form reads what was saved, so saving it keeps the choice.
    await tab('Details').click();
    expect(await admin.getByRole('checkbox', { name: /^Machine client \(no player\)/ }).isChecked()).toBe(true);
    expect(await admin.getByRole('textbox', { name: /^Machine client scopes/ }).inputValue()).toBe('archive:read archive:write');
    await tab('Sign-in').click();
  });

  it('gives a player access on Access, and changes it in the row', async () => {
    await tab('Access').click();
    await admin.getByText('No player has a grant, suspension or revocation of their own here yet.').waitFor();
    await admin.getByRole('button', { name: 'Give access' }).click();
    await admin.getByRole('status').filter({ hasText: 'Player: Pick the player to give access to.' }).waitFor();
    await expectAccessible(admin, 'the app page, Access, after a refused grant');

    const player = admin.getByRole('combobox', { name: 'Player' });
    await expectAccessibleWithListOpen(admin, player, 'the app page, Access, the Player field', 'Mira');
    await player.click();
    await player.fill('Mira');
    await admin.getByRole('option', { name: 'Mira Solan (1:100002)' }).click();
    await admin.getByRole('button', { name: 'Give access' }).click();
    await admin.getByText('Access granted to Mira Solan (1:100002) on Holo Archive II.').waitFor();
    const row = admin.getByRole('row').filter({ hasText: 'Mira Solan' });
    await row.getByText('active').waitFor();

    await row.getByRole('button', { name: 'Suspend Mira Solan on Holo Archive II' }).click();
    await admin.getByRole('dialog', { name: 'Suspend Mira Solan on Holo Archive II?' }).getByRole('button', { name: 'Suspend' }).click();
    await row.getByText('suspended').waitFor();
    await expectAccessible(admin, 'the app page, Access');
    await screenshotBoth(admin, 'admin-app-page-access');

    await row.getByRole('button', { name: 'Revoke Mira Solan on Holo Archive II' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Revoke access?' });
    await dialog.waitFor();
    await expectAccessible(admin, 'the app page, Access, asking to revoke');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('revoked').waitFor();
  });

  it("lists the app's events on Activity, each with its details", async () => {
    await tab('Activity').click();
    const events = admin.getByRole('table', { name: 'Events' }).or(admin.getByRole('list', { name: 'Events' }));
    await events.getByText('Access revoked on Holo Archive II for Mira Solan by Jorin Vex', { exact: false }).first().waitFor();
    expect(await events.getByText(/^App updated/).count()).toBeGreaterThan(0);
    await expectAccessible(admin, 'the app page, Activity');
    await screenshotBoth(admin, 'admin-app-page-activity');
    await admin
      .getByRole('button', { name: /^Details of: Access revoked/ })
      .first()
      .click();
    await admin.getByRole('dialog', { name: 'Event details' }).waitFor();
    await expectAccessible(admin, 'the app page, Activity, an event’s details');
  });
});
