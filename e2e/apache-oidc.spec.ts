import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAGE_PATH, REDIRECT_PATH, SIGNED_OUT_PATH, startApacheGate } from './helpers/apache-gate.ts';
import { launchBrowser, newPage } from './helpers/browser.ts';
import { api, signIn } from './helpers/http-session.ts';
import { seedApps } from './helpers/seed.ts';

/** The portal as an OpenID Provider for a relying party nobody here wrote: Debian's Apache with mod_auth_openidc. */
const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
const PORT = Number(process.env.E2E_PORT ?? 3900) + 20;
const APACHE = `http://127.0.0.1:${PORT}`;
let gate: Awaited<ReturnType<typeof startApacheGate>>;
let browser: Browser;
let page: Page;

/** Back-channel logouts delivered to the app so far, as the portal audits them. */
async function deliveredLogouts(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE event = 'backchannel_logout_delivered' AND app_key = 'intranet'",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** The page through Apache, for a browser that has signed in: the player's claims as mod_auth_openidc hands them on. */
async function claimsShown(): Promise<{ sub: string | null; name: string | null; user: string | null }> {
  await page.goto(`${APACHE}${PAGE_PATH}`);
  await page.waitForURL(`${APACHE}${PAGE_PATH}`);
  return {
    sub: await page.locator('#sub').textContent(),
    name: await page.locator('#name').textContent(),
    user: await page.locator('#user').textContent(),
  };
}

async function signInThroughApache(): Promise<void> {
  await page.goto(`${APACHE}${PAGE_PATH}`);
  await page.getByRole('button', { name: 'Sign in as Mira Solan' }).click();
  await page.waitForURL(`${APACHE}${PAGE_PATH}`);
}

beforeAll(async () => {
  await seedApps(databaseUrl, [
    {
      key: 'intranet',
      name: 'Intranet',
      url: `${APACHE}${SIGNED_OUT_PATH}`,
      redirect_urls: [`${APACHE}${REDIRECT_PATH}`],
      // mod_auth_openidc's own endpoint for a logout_token.
      backchannel_logout_url: `${APACHE}${REDIRECT_PATH}?logout=backchannel`,
      skip_uid_whitelist: true,
    },
  ]);
  const admin = api(baseUrl, await signIn(baseUrl, '1:100001'));
  const apps = (await admin('GET', '/api/admin/apps')).body as { id: string; key: string }[];
  const secret = await admin('POST', `/api/admin/apps/${apps.find((a) => a.key === 'intranet')!.id}/client-secret`);
  expect(secret.status).toBe(201);
  const { client_id, client_secret } = secret.body as { client_id: string; client_secret: string };
  gate = await startApacheGate({ port: PORT, issuer: baseUrl, clientId: client_id, clientSecret: client_secret });
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
});
afterEach(({ task }) => {
  if (task.result?.state === 'fail') console.log(`Apache's error log:\n${gate?.errorLog()}`);
});
afterAll(async () => {
  await browser?.close();
  await gate?.stop();
});

describe('Apache mod_auth_openidc protecting a page, the portal as its OpenID Provider', () => {
  it('sends an anonymous visitor to the portal’s sign-in, then shows her page with her claims', async () => {
    await signInThroughApache();
    expect(await claimsShown()).toEqual({ sub: '1:100002', name: 'Mira Solan', user: '1:100002' });
  });

  it('ends the Apache session by back-channel logout when she signs out on the portal, so the page asks her to sign in again', async () => {
    const before = await deliveredLogouts();
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'User menu: Mira Solan' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await expect.poll(deliveredLogouts, { timeout: 20_000, interval: 250 }).toBeGreaterThan(before);

    await page.goto(`${APACHE}${PAGE_PATH}`);
    await page.getByRole('button', { name: 'Sign in as Mira Solan' }).waitFor();
    expect(new URL(page.url()).origin).not.toBe(APACHE);
  });

  it('signs her out of both through mod_auth_openidc’s own logout (RP-initiated, with its id_token_hint), and back-channel again', async () => {
    await page.getByRole('button', { name: 'Sign in as Mira Solan' }).click();
    await page.waitForURL(`${APACHE}${PAGE_PATH}`);
    expect((await claimsShown()).sub).toBe('1:100002');
    const before = await deliveredLogouts();

    const back = `${APACHE}${SIGNED_OUT_PATH}`;
    await page.goto(`${APACHE}${REDIRECT_PATH}?logout=${encodeURIComponent(back)}`);
    await page.waitForURL(back);
    await page.getByRole('heading', { name: 'Signed out of the intranet' }).waitFor();
    await expect.poll(deliveredLogouts, { timeout: 20_000, interval: 250 }).toBeGreaterThan(before);

    await page.goto(`${APACHE}${PAGE_PATH}`);
    await page.getByRole('button', { name: 'Sign in as Mira Solan' }).waitFor();
  });
});
