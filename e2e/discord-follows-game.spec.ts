import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectAccessibleWithListOpen } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { api, signIn } from './helpers/http-session.ts';
import { signInAs } from './helpers/sign-in.ts';
import { moveCharacter } from './helpers/simulator-control.ts';
import { startProduct, type RunningProduct } from './helpers/start-product.ts';

/**
 * The community's Discord follows the game, on a product of its own started as command 1 does: the
 * bundled Discord simulator runs beside the SWCombine simulator with the connection filled in.
 * An admin maps the faction Galactic Weapon Systems to a role; Mira links Discord in the browser;
 * the game moves her out and the role goes within a minute of the roster read.
 */
const PORT = Number(process.env.E2E_PORT ?? 3900) + 45;
// The product runs its SWCombine simulator on PORT + 1 and its Discord simulator on PORT + 2.
const SWC = `http://127.0.0.1:${PORT + 1}`;
const DISCORD = `http://127.0.0.1:${PORT + 2}`;
const FACTION = '20:2400';
const ROLE = 'Galactic Weapon Systems';

let product: RunningProduct;
let baseUrl: string;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let adminApi: ReturnType<typeof api>;

interface SimMember {
  in_guild: boolean;
  nick: string | null;
  roles: { id: string; name: string }[];
}
const member = async (user: string) => (await (await fetch(`${DISCORD}/sim/members/${user}`)).json()) as SimMember;
const roleNames = async (user: string) => (await member(user)).roles.map((r) => r.name).sort();
const sim = (method: string, path: string, body?: object) =>
  fetch(`${DISCORD}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  product = await startProduct(PORT);
  baseUrl = product.baseUrl;
  // The game as the spec begins: Mira in no faction.
  await moveCharacter(SWC, '1:100002', null);
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signInAs(admin.page, baseUrl, 'Jorin Vex');
  adminApi = api(baseUrl, await signIn(baseUrl, '1:100001'));
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('the community’s Discord follows the game', () => {
  it('starts with the Discord simulator and the connection filled in: Admin → Discord says it works', async () => {
    expect(product.output()).toMatch(/Discord: +SIMULATOR at http:\/\/localhost:\d+ \(DISCORD_URL unset\)/);
    const { page } = admin;
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('link', { name: /Discord/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Discord' }).waitFor();
    await page.getByText('Connected to the server SWCombine Community; the bot’s highest role is SWC Portal.', { exact: false }).waitFor();
  });

  it('an admin connects the binding that reads rosters and maps the faction Galactic Weapon Systems to its role, with a preview', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/admin/swc`);
    await page.getByRole('checkbox', { name: 'faction_members' }).check();
    await page.getByRole('button', { name: 'Save & Connect' }).click();
    await page.getByRole('button', { name: 'Sign in as Jorin Vex' }).click();
    await page.getByText('Connected', { exact: true }).waitFor();

    await page.goto(`${baseUrl}/admin/discord`);
    await page.getByRole('button', { name: 'Add rule' }).click();
    const rule = page.getByRole('group', { name: 'Rule 1' });
    await expectAccessibleWithListOpen(page, rule.getByRole('combobox', { name: 'Members of' }), 'Admin → Discord, a role rule');
    await page.getByRole('option', { name: `${ROLE} (faction)` }).click();
    await rule.getByRole('combobox', { name: 'hold the Discord role' }).click();
    await page.getByRole('option', { name: ROLE, exact: true }).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByText('If you save these rules').waitFor();
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('Role rules saved: linked players’ roles follow within a minute.').waitFor();
    await expectAccessible(page, 'Admin → Discord');
    await screenshotBoth(page, 'discord-admin');
  });

  it('Mira, moved into the faction, links Discord in the browser and holds the role with her character’s name as nickname', async () => {
    await moveCharacter(SWC, '1:100002', FACTION);
    const { page, context } = await newPage(browser);
    await signInAs(page, baseUrl, 'Mira Solan');
    await page.goto(`${baseUrl}/account`);
    const section = page.getByRole('region', { name: 'Discord' });
    await section.getByText('No Discord account is linked.').waitFor();
    await section.getByRole('link', { name: 'Link Discord' }).click();
    await page.getByRole('button', { name: 'Authorize as mira.solan' }).click();
    await page.getByText('Discord linked: your roles follow your groups from now on.').waitFor();
    await section.getByText('mira.solan').waitFor();
    expect(await member('mira.solan')).toMatchObject({ in_guild: true, nick: 'Mira Solan' });
    expect(await roleNames('mira.solan')).toEqual([ROLE]);
    await expectAccessible(page, 'Your account with Discord linked');
    await screenshotBoth(page, 'discord-account-linked');
    await context.close();
  });

  it('moved out of the faction, then Read rosters now: the role is gone within 60 s', async () => {
    await moveCharacter(SWC, '1:100002', null);
    const started = Date.now();
    expect((await adminApi('POST', '/api/admin/groups/refresh')).status).toBe(202);
    await until('Mira loses the role', async () => ((await roleNames('mira.solan')).includes(ROLE) ? undefined : true));
    const seconds = (Date.now() - started) / 1000;
    console.log(`Discord role gone ${seconds.toFixed(1)} s after Read rosters now`);
    expect(seconds).toBeLessThan(60);
    expect(await member('mira.solan')).toMatchObject({ in_guild: true });
  });

  it('a member given the role by hand is named by the reconcile preview and loses it', async () => {
    expect((await sim('PUT', '/sim/members/talia.dorne', { roles: [ROLE, 'Verified'] })).status).toBeLessThan(300);
    const { page } = admin;
    await page.goto(`${baseUrl}/admin/discord`);
    await page.getByRole('button', { name: 'Preview reconcile' }).click();
    await page.getByText(`talia.dorne: ${ROLE}`).waitFor();
    await page.getByText(`drex.holloway: ${ROLE}`).waitFor();
    await expectAccessible(page, 'Admin → Discord, reconcile preview');
    await screenshotBoth(page, 'discord-reconcile-preview');
    await page.getByRole('button', { name: 'Reconcile now' }).click();
    await page.getByText(/^Reconciled: roles given to 0, taken from 2\./).waitFor();
    expect(await roleNames('talia.dorne')).toEqual(['Verified']);
  });

  it('a wrong bot token reads as a sentence on the screen', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/admin/discord`);
    await page.getByLabel('Bot token').fill('not-the-bot-token');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText(/Discord refused the bot token \(401 Unauthorized\)/)
      .first()
      .waitFor();
    await expectAccessible(page, 'Admin → Discord with a wrong bot token');
    await screenshotBoth(page, 'discord-bad-token');
    const { bot_token } = (await (await fetch(`${DISCORD}/sim/connection`)).json()) as { bot_token: string };
    await page.getByLabel('Bot token').fill(bot_token);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved: Discord works.').waitFor();
  });

  it('a 429 from Discord is waited out, nothing is sent early, and the state ends right', async () => {
    const before = (await (await sim('GET', '/sim/stats')).json()) as { early: number };
    expect((await sim('PUT', '/sim/rate-limits/modify-member', { requests: 1, retry_after: 2 })).status).toBeLessThan(300);
    await moveCharacter(SWC, '1:100002', FACTION);
    expect((await adminApi('POST', '/api/admin/groups/refresh')).status).toBe(202);
    await until('Mira holds the role again', async () => ((await roleNames('mira.solan')).includes(ROLE) ? true : undefined));
    const stats = (await (await sim('GET', '/sim/stats')).json()) as { early: number; rate_limited: { by_bucket: Record<string, number> } };
    expect(stats.rate_limited.by_bucket['modify-member']).toBeGreaterThanOrEqual(1);
    expect(stats.early).toBe(before.early);
  });
});
