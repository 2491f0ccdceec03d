import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, newPage, screenshotBoth } from './helpers/browser.ts';
import { api, signIn } from './helpers/http-session.ts';
import { startNginxGate } from './helpers/nginx-gate.ts';
import { seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';
import { startProduct, type RunningProduct } from './helpers/start-product.ts';

/**
 * Officers run their own groups, on a product of its own: the admin makes Fleet Ops (players ask to join) with Talia,
 * who is not an admin, as its manager, and a rule giving its members Fleet Board; Mira asks on Your account, Talia
 * approves with an end date a minute away, and real nginx admits Mira at once and refuses her after the end date.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3900);
// The product takes PORT, PORT + 1 and PORT + 2 (its SWCombine and Discord simulators): nginx and the app sit above them.
const PORT = E2E_PORT + 60;
const GATE_PORT = E2E_PORT + 64;
const APP_ORIGIN = `http://127.0.0.1:${E2E_PORT + 65}`;
const APP = { key: 'fleet-board', name: 'Fleet Board' };

let product: RunningProduct;
let baseUrl: string;
let browser: Browser;
let upstream: Server;
let gate: Awaited<ReturnType<typeof startNginxGate>>;
let admin: ReturnType<typeof api>;
let fleetOpsId: string;
let mira: { context: BrowserContext; page: Page; cookie: string };
let talia: { context: BrowserContext; page: Page };
let endsAt: number;

function startUpstream(): Promise<Server> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ user: req.headers['x-auth-request-user'] }));
  });
  return new Promise((resolve) => server.listen(Number(new URL(APP_ORIGIN).port), '127.0.0.1', () => resolve(server)));
}

const throughNginx = (cookie: string) => fetch(`${gate.url}/board`, { headers: { cookie } });

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function signedIn(name: string): Promise<{ context: BrowserContext; page: Page; cookie: string }> {
  const { context, page } = await newPage(browser);
  await signInAs(page, baseUrl, name);
  const cookie = (await context.cookies()).find((c) => c.name === 'portal_session')!;
  return { context, page, cookie: `portal_session=${cookie.value}` };
}

beforeAll(async () => {
  product = await startProduct(PORT);
  baseUrl = product.baseUrl;
  await seedApps(product.databaseUrl, [{ key: APP.key, name: APP.name, icon: '🛰️', url: `${APP_ORIGIN}/`, description: 'Sorties.' }]);
  upstream = await startUpstream();
  gate = await startNginxGate({ port: GATE_PORT, verifyUrl: `${baseUrl}/auth/verify?aud=${APP.key}`, upstream: APP_ORIGIN });
  admin = api(baseUrl, await signIn(baseUrl, '1:100001'));
  // Talia has signed in once: she is a user with a name.
  await signIn(baseUrl, '1:100004');
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await mira?.context.close();
  await talia?.context.close();
  await browser?.close();
  await gate?.stop();
  upstream?.close();
  await product?.stop();
});

describe('officers run their own groups', () => {
  it('the admin makes Fleet Ops, players ask to join, Talia manages it, and its members may open Fleet Board', async () => {
    const created = await admin('POST', '/api/admin/groups', { name: 'Fleet Ops', description: 'Who runs the home fleet.' });
    expect(created.status).toBe(201);
    fleetOpsId = (created.body as { id: string }).id;
    const apps = (await admin('GET', '/api/admin/apps')).body as { id: string; key: string }[];
    const boardId = apps.find((a) => a.key === APP.key)!.id;
    const rules = await admin('PUT', `/api/admin/apps/${boardId}/access-rules`, {
      rules: [{ group_id: fleetOpsId, roles: [], scopes: [], grace_hours: 0 }],
    });
    expect(rules.status).toBe(200);

    const { page, context } = await newPage(browser);
    await signInAs(page, baseUrl, 'Jorin Vex');
    await page.goto(`${baseUrl}/admin/groups/${fleetOpsId}`);
    const card = page.getByRole('region', { name: 'Managers and joining' });
    await card.getByText('On request').click();
    await card.getByText('Joining saved.').waitFor();
    await card.getByRole('textbox', { name: 'Managers’ UIDs' }).fill('1:100004');
    await card.getByRole('button', { name: 'Save managers' }).click();
    await card.getByText('Managers saved.').waitFor();
    await card.getByText(/Now: Talia Dorne/).waitFor();
    await expectAccessible(page, '/admin/groups/{id} with a manager and joining on request');
    await screenshotBoth(page, 'admin-group-managers');
    await context.close();
  });

  it('Mira asks for access on Your account, with a note', async () => {
    mira = await signedIn('Mira Solan');
    expect((await throughNginx(mira.cookie)).status).toBe(401);
    await mira.page.goto(`${baseUrl}/account`);
    const askable = mira.page.getByRole('list', { name: 'Apps you could ask for' });
    await askable.getByText(APP.name).waitFor();
    await askable.getByRole('button', { name: `Ask for access to ${APP.name}` }).click();
    const dialog = mira.page.getByRole('dialog', { name: 'Ask to join Fleet Ops' });
    await dialog.getByRole('textbox', { name: /Note for the managers/ }).fill('I fly the Bulwark. <b>Ten</b> years.');
    await expectAccessible(mira.page, '/account asking to join Fleet Ops');
    await screenshotBoth(mira.page, 'account-ask-to-join', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await mira.page
      .getByText(/You asked to join Fleet Ops/)
      .first()
      .waitFor();
    await mira.page.getByRole('list', { name: 'Your requests' }).getByText('Fleet Ops').waitFor();
    await expectAccessible(mira.page, '/account with a request waiting');
    await screenshotBoth(mira.page, 'account-groups');
  });

  it('Talia, not an admin, sees the badge and approves with an end date a minute away; /admin and other groups stay closed', async () => {
    talia = await signedIn('Talia Dorne');
    await talia.page.getByRole('button', { name: /User menu/ }).click();
    await talia.page.getByRole('menuitem', { name: 'Manage' }).click();
    await talia.page.getByRole('heading', { level: 1, name: 'Manage' }).waitFor();
    await talia.page.getByLabel('1 request waiting').waitFor();
    const requests = talia.page.getByRole('table', { name: 'Requests waiting' });
    await requests.getByText('Mira Solan').waitFor();
    await requests.getByText('I fly the Bulwark. <b>Ten</b> years.').waitFor();
    await expectAccessible(talia.page, '/manage with a request waiting');
    await screenshotBoth(talia.page, 'manage');

    await talia.page.getByRole('button', { name: 'Approve Mira Solan for Fleet Ops' }).click();
    const dialog = talia.page.getByRole('dialog', { name: 'Approve Mira Solan?' });
    // The first whole minute at least 30 s away (time enough to approve before it), picked on the console's calendar
    // in the browser's time zone.
    const at = await talia.page.evaluate(() => {
      const d = new Date(Date.now() + 30_000 + 59_999);
      d.setSeconds(0, 0);
      const now = new Date();
      return {
        time: d.getTime(),
        nextMonth: d.getMonth() !== now.getMonth(),
        day: `${d.getDate()} ${d.toLocaleDateString('en', { month: 'long' })} ${d.getFullYear()}`,
        hours: String(d.getHours()).padStart(2, '0'),
        minutes: String(d.getMinutes()).padStart(2, '0'),
      };
    });
    endsAt = at.time;
    await dialog.getByRole('button', { name: 'End date (optional)' }).click();
    if (at.nextMonth) await talia.page.getByRole('button', { name: 'Next month' }).click();
    await talia.page.getByRole('button', { name: at.day, exact: true }).click();
    await talia.page.getByRole('spinbutton', { name: 'Hours' }).fill(at.hours);
    await talia.page.getByRole('spinbutton', { name: 'Minutes' }).fill(at.minutes);
    await talia.page.getByRole('spinbutton', { name: 'Minutes' }).focus();
    await expectAccessible(talia.page, '/manage approving with the end date’s calendar open');
    await screenshotBoth(talia.page, 'manage-approve-end-date', { fullPage: false });
    await talia.page.getByRole('button', { name: 'Set end date' }).click();
    await dialog
      .getByRole('button', { name: 'End date (optional)' })
      .filter({ hasText: `, ${at.hours}:${at.minutes}` })
      .waitFor();
    await expectAccessible(talia.page, '/manage approving with an end date');
    await screenshotBoth(talia.page, 'manage-approve', { fullPage: false });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await talia.page.getByText('Mira Solan is now in Fleet Ops.').waitFor();
    await talia.page.getByText('No requests waiting.').waitFor();

    await talia.page.getByRole('link', { name: 'Fleet Ops' }).click();
    const members = talia.page.getByRole('table', { name: 'Members' });
    await members.getByText('Mira Solan').waitFor();
    await members.getByText(/^Until /).waitFor();
    await expectAccessible(talia.page, '/manage/groups/{id}');
    await screenshotBoth(talia.page, 'manage-group');

    await talia.page.goto(`${baseUrl}/admin`);
    await talia.page.getByRole('heading', { name: 'You do not have the admin role.' }).waitFor();
    const other = await admin('POST', '/api/admin/groups', { name: 'Quartermasters', description: '' });
    const otherId = (other.body as { id: string }).id;
    await talia.page.goto(`${baseUrl}/manage/groups/${otherId}`);
    await talia.page.getByText('No such group').waitFor();
    const taliaCookie = (await talia.context.cookies()).find((c) => c.name === 'portal_session')!;
    const asTalia = api(baseUrl, `portal_session=${taliaCookie.value}`);
    expect((await asTalia('GET', `/api/manage/groups/${otherId}/members`)).status).toBe(404);
    expect((await asTalia('GET', '/api/admin/groups')).status).toBe(403);
  });

  it('nginx admits Mira at once and refuses her within 90 s of the end date', async () => {
    expect((await throughNginx(mira.cookie)).status).toBe(200);
    const refusedAt = await until(
      'nginx refuses Mira after the end date',
      async () => ((await throughNginx(mira.cookie)).status === 401 ? Date.now() : undefined),
      Math.max(0, endsAt - Date.now()) + 120_000,
    );
    const late = refusedAt - endsAt;
    console.log(`From the end date to nginx refusing Mira: ${(late / 1000).toFixed(1)} s (goal < 90 s)`);
    expect(late).toBeLessThan(90_000);
    expect(refusedAt).toBeGreaterThanOrEqual(endsAt - 1000);
  }, 240_000);

  it('an open group is joined in one click, and a closed group has no button', async () => {
    await admin('POST', '/api/admin/groups', { name: 'Open Wing', description: 'Anyone may fly.', joining: 'open' });
    await admin('POST', '/api/admin/groups', { name: 'Closed Council', description: '' });
    await mira.page.goto(`${baseUrl}/account`);
    const joinable = mira.page.getByRole('list', { name: 'Groups you can join' });
    await joinable.getByText('Open Wing').waitFor();
    expect(await joinable.getByText('Closed Council').count()).toBe(0);
    expect(await mira.page.getByRole('button', { name: /Closed Council/ }).count()).toBe(0);
    await mira.page.getByRole('button', { name: 'Join Open Wing' }).click();
    await mira.page.getByText('You joined Open Wing.').waitFor();
    await mira.page.getByRole('list', { name: 'Your groups' }).getByText('Open Wing').waitFor();
    await mira.page.getByRole('list', { name: 'Answers to your requests' }).getByText('Fleet Ops').waitFor();
    await expectAccessible(mira.page, '/account after joining an open group');
    await screenshotBoth(mira.page, 'account-groups-joined');
  });
});
