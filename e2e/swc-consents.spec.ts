import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { DelegatingApp } from './helpers/delegating-app.ts';
import { api, signIn } from './helpers/http-session.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
// The product runs the bundled SWCombine simulator on the next port.
const swcBase = `http://localhost:${Number(new URL(baseUrl).port) + 1}`;
const PLAYER = { name: 'Talia Dorne', uid: '1:100004' };

let browser: Browser;
let page: Page;
let fleet: DelegatingApp;

const chips = (p: Page) =>
  p
    .getByRole('list', { name: 'Granted scopes' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((i) => i.firstChild?.textContent?.trim() ?? i.textContent));
const revokeButton = (p: Page, scope: string) => p.getByRole('button', { name: `revoke ${scope}` });

/** Ticks or unticks the profile switch once it has loaded, and waits until the server stored it. */
async function switchAutomationToken(p: Page, enabled: boolean) {
  const box = p.getByRole('checkbox', { name: /Enable SWC automation token/, disabled: false });
  await box.waitFor();
  const stored = p.waitForResponse((r) => r.url().endsWith('/api/swc/auth-token') && r.request().method() === 'POST');
  await box.click();
  expect((await stored).status()).toBe(200);
  await p.getByRole('checkbox', { name: /Enable SWC automation token/, checked: enabled }).waitFor();
}

async function sql(text: string, values: unknown[] = []) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(text, values)).rows;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  fleet = await new DelegatingApp(baseUrl, 'fleet-tool', swcBase).start(Number(new URL(baseUrl).port) + 80);
  await seedApps(databaseUrl, [
    { key: 'fleet-tool', name: 'Fleet Tool', url: `${fleet.url}/`, skip_uid_whitelist: true, allow_delegated_swc_token: true },
  ]);
  // The app authenticates its exchanges with the client secret an admin creates for it.
  const admin = api(baseUrl, await signIn(baseUrl, '1:100001'));
  const apps = (await admin('GET', '/api/admin/apps')).body as { id: string; key: string }[];
  const secret = await admin('POST', `/api/admin/apps/${apps.find((a) => a.key === 'fleet-tool')!.id}/client-secret`);
  expect(secret.status).toBe(201);
  fleet.clientSecret = (secret.body as { client_secret: string }).client_secret;
  ({ page } = await newPage(browser));
  await signInAs(page, baseUrl, PLAYER.name);
});
afterAll(async () => {
  await browser?.close();
  await fleet?.stop();
});

describe('/swc/consents', () => {
  it('opens from the profile and shows the sign-in scopes, which cannot be revoked', async () => {
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('link', { name: 'Manage SWC consents' }).click();
    await page.getByRole('heading', { level: 1, name: 'SWC Consents' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/swc/consents`);
    await revokeButton(page, 'character_auth').waitFor();
    expect(await chips(page)).toEqual(['character_auth', 'character_read']);
    expect(await revokeButton(page, 'character_auth').isDisabled()).toBe(true);
    expect(await revokeButton(page, 'character_read').isDisabled()).toBe(true);
    await expectAccessible(page, '/swc/consents with the sign-in scopes');
  });

  it('adds scopes: SWCombine asks for them and the player grants only some', async () => {
    await page.getByRole('textbox', { name: 'extra scopes' }).fill('character_location  character_stats');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: `Sign in as ${PLAYER.name}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ws/oauth2/auth/');
    await page.getByRole('checkbox', { name: /character_stats/ }).uncheck();
    await page.getByRole('button', { name: `Sign in as ${PLAYER.name}` }).click();
    await page.waitForURL(`${baseUrl}/swc/consents`);
    await revokeButton(page, 'character_location').waitFor();
    expect(await chips(page)).toEqual(['character_auth', 'character_location', 'character_read']);
    await expectAccessible(page, '/swc/consents with an added scope');
    await screenshotBoth(page, 'swc-consents');
  });

  it('starts authorization straight away for ?scopes=', async () => {
    await page.goto(`${baseUrl}/swc/consents?scopes=character_skills`);
    await page.getByRole('button', { name: `Sign in as ${PLAYER.name}` }).waitFor();
    const asked = new URL(page.url()).searchParams.get('scope')!.split(' ');
    expect(asked).toEqual(expect.arrayContaining(['character_auth', 'character_location', 'character_read', 'character_skills']));
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByText('Permissions not changed').waitFor();
    await page.getByRole('link', { name: 'Back to SWC consents' }).click();
    await revokeButton(page, 'character_location').waitFor();
    expect(await chips(page)).toEqual(['character_auth', 'character_location', 'character_read']);
  });
});

describe('an app acting on SWCombine for the player (token exchange)', () => {
  it('is refused while the automation token is off', async () => {
    await page.goto(`${fleet.url}/character`);
    await page.getByText('Exchange refused').waitFor();
    expect(await page.locator('#error').textContent()).toBe('invalid_grant: The player has not switched on the SWC automation token.');
  });

  it('gets the player’s SWCombine token once the profile switch is on, and SWCombine answers it', async () => {
    await page.goto(`${baseUrl}/profile`);
    await switchAutomationToken(page, true);
    await page.reload();
    await page.getByRole('checkbox', { name: /Enable SWC automation token/, checked: true }).waitFor();
    await expectAccessible(page, '/profile with the automation token on');

    await page.goto(`${fleet.url}/character`);
    await page.getByText(`SWCombine says you are ${PLAYER.name}`).waitFor();
    await page.getByText('location shared').waitFor();
    expect(await page.getByText('scope: character_auth character_location character_read').count()).toBe(1);
  });

  it('gets a refreshed token once the stored one has less than five minutes left', async () => {
    const before = fleet.exchanged.at(-1);
    await page.goto(`${fleet.url}/character`);
    await page.getByText(`SWCombine says you are ${PLAYER.name}`).waitFor();
    expect(fleet.exchanged.at(-1)).toBe(before);

    await sql(`UPDATE swc_tokens SET expires_at = now() + interval '2 minutes' WHERE user_id = (SELECT id FROM users WHERE uid = $1)`, [
      PLAYER.uid,
    ]);
    await page.goto(`${fleet.url}/character`);
    await page.getByText(`SWCombine says you are ${PLAYER.name}`).waitFor();
    expect(fleet.exchanged.at(-1)).not.toBe(before);
    const [row] = await sql(
      `SELECT expires_at > now() + interval '50 minutes' AS fresh FROM swc_tokens WHERE user_id = (SELECT id FROM users WHERE uid = $1)`,
      [PLAYER.uid],
    );
    expect(row.fresh).toBe(true);
  });

  it('no longer shares a scope the player revoked on /swc/consents', async () => {
    await page.goto(`${baseUrl}/swc/consents`);
    await revokeButton(page, 'character_location').click();
    await revokeButton(page, 'character_location').waitFor({ state: 'detached' });
    expect(await chips(page)).toEqual(['character_auth', 'character_read']);

    await page.goto(`${fleet.url}/character`);
    await page.getByText(`SWCombine says you are ${PLAYER.name}`).waitFor();
    await page.getByText('location not shared').waitFor();
  });

  it('is refused again once the player switches the automation token off', async () => {
    await page.goto(`${baseUrl}/profile`);
    await switchAutomationToken(page, false);
    await page.reload();
    await page.getByRole('checkbox', { name: /Enable SWC automation token/, checked: false }).waitFor();
    await page.goto(`${fleet.url}/character`);
    await page.getByText('Exchange refused').waitFor();
  });
});

describe('a grant SWCombine no longer accepts', () => {
  it('says so on /swc/consents and Re-authorize grants the scopes again', async () => {
    // As after a refresh that SWCombine answered invalid_grant (the player revoked the portal there).
    await sql(
      `UPDATE swc_tokens SET access_token_enc = NULL, refresh_token_enc = NULL, scopes = '{}', grant_lost_at = now(),
         needs_reauthorization = ARRAY['character_auth', 'character_read']
       WHERE user_id = (SELECT id FROM users WHERE uid = $1)`,
      [PLAYER.uid],
    );
    await page.goto(`${baseUrl}/swc/consents`);
    await page.getByText('SWCombine no longer accepts the permissions you granted; sign in again or re-authorize.').waitFor();
    await page.getByText('No scopes granted.').waitFor();
    await expectAccessible(page, '/swc/consents with a lost grant');
    await screenshotBoth(page, 'swc-consents-grant-lost');

    await page.getByRole('button', { name: 'Re-authorize' }).click();
    await page.getByRole('button', { name: `Sign in as ${PLAYER.name}` }).click();
    await page.waitForURL(`${baseUrl}/swc/consents`);
    await revokeButton(page, 'character_auth').waitFor();
    expect(await chips(page)).toEqual(['character_auth', 'character_read']);
    expect(await page.getByText('Permissions lost').count()).toBe(0);
  });
});
