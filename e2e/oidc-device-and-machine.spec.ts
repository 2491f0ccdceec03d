import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, screenshotBoth } from './helpers/browser.ts';
import { api, signIn } from './helpers/http-session.ts';
import { seedApps } from './helpers/seed.ts';

/**
 * A bot and a service as OAuth clients nobody here wrote (panva's openid-client): the device flow
 * (RFC 8628) with a player in Chromium entering the code, and client credentials for a machine.
 */
const baseUrl = inject('baseUrl');
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
const MIRA = { uid: '1:100002', name: 'Mira Solan' };

let browser: Browser;
let admin: ReturnType<typeof api>;

const discover = (clientId: string, auth: client.ClientAuth) =>
  client.discovery(new URL(baseUrl), clientId, undefined, auth, { execute: [client.allowInsecureRequests] });

async function appId(key: string): Promise<string> {
  const apps = (await admin('GET', '/api/admin/apps')).body as { id: string; key: string }[];
  return apps.find((a) => a.key === key)!.id;
}

/** The OAuth error a call was refused with (a 401's is in its WWW-Authenticate challenge). */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'accepted',
    (e: { error?: string; code?: string; cause?: { parameters?: { error?: string } }[] }) =>
      e.error ?? e.cause?.[0]?.parameters?.error ?? e.code,
  );

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [
    // A Discord-style bot: a public client (it has nowhere safe to keep a secret) any player may allow.
    {
      key: 'fleetbot',
      name: 'Fleet Bot',
      url: 'https://bot.example.com/',
      audience: 'https://bot.example.com',
      redirect_urls: [],
      skip_uid_whitelist: true,
      grant_types: [DEVICE, 'refresh_token'],
    },
    // A bot only players granted access may use: Mira has no grant.
    {
      key: 'vaultbot',
      name: 'Vault Bot',
      url: 'https://vault.example.com/',
      audience: 'https://vault.example.com',
      redirect_urls: [],
      grant_types: [DEVICE],
    },
    // A nightly job that reads the ledger's API as itself.
    {
      key: 'ledgersync',
      name: 'Ledger Sync',
      url: 'https://ledger.example.com/',
      audience: 'https://ledger.example.com',
      redirect_urls: [],
      grant_types: ['client_credentials'],
      machine_scopes: ['ledger:read', 'ledger:write'],
    },
  ]);
  admin = api(baseUrl, await signIn(baseUrl, '1:100001'));
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the device flow: a bot asks a player for a code', () => {
  let bot: client.Configuration;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    bot = await discover('fleetbot', client.None());
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('is discovered: the device authorization endpoint and both new grants', () => {
    const meta = bot.serverMetadata();
    expect(meta.device_authorization_endpoint).toBe(`${baseUrl}/oidc/device/auth`);
    expect(meta.grant_types_supported).toEqual(expect.arrayContaining([DEVICE, 'client_credentials']));
  });

  it('signs the player in through SWCombine from the link, asks Allow or Deny, and the bot gets her tokens', async () => {
    const device = await client.initiateDeviceAuthorization(bot, { scope: 'openid profile offline_access' });
    expect(device.verification_uri).toBe(`${baseUrl}/device`);
    const tokens = client.pollDeviceAuthorizationGrant(bot, device);

    await page.goto(device.verification_uri_complete!);
    await page.getByRole('button', { name: `Sign in as ${MIRA.name}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Allow Fleet Bot?' }).waitFor();
    expect(await page.locator('main code').textContent()).toBe(device.user_code);
    await page.getByText('Your character name, picture, faction and race').waitFor();
    await expectAccessible(page, 'the device page, Allow or Deny');
    await screenshotBoth(page, 'device-allow');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { level: 1, name: 'Device connected' }).waitFor();
    await expectAccessible(page, 'the device page, connected');
    await screenshotBoth(page, 'device-connected');

    const granted = await tokens;
    expect(granted.claims()).toMatchObject({ iss: baseUrl, aud: 'fleetbot', sub: MIRA.uid, name: MIRA.name });
    expect(decodeJwt(granted.access_token)).toMatchObject({ aud: 'https://bot.example.com', sub: MIRA.uid });
    expect(granted.refresh_token).toEqual(expect.any(String));
    expect((await client.fetchUserInfo(bot, granted.access_token, MIRA.uid)).name).toBe(MIRA.name);
    const refreshed = await client.refreshTokenGrant(bot, granted.refresh_token!);
    expect(refreshed.claims()?.sub).toBe(MIRA.uid);
  });

  it('takes a code typed by hand, says when one is wrong, and tells the bot access_denied when she denies it', async () => {
    const device = await client.initiateDeviceAuthorization(bot, { scope: 'openid' });
    const tokens = refusal(client.pollDeviceAuthorizationGrant(bot, device));

    await page.goto(device.verification_uri);
    await page.getByRole('heading', { level: 1, name: 'Connect a device' }).waitFor();
    await expectAccessible(page, 'the device page, the code');
    await screenshotBoth(page, 'device-code');
    const code = page.getByRole('textbox', { name: 'Code' });
    await code.fill('BCDF-GHJK');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'No device is waiting for this code' }).waitFor();
    await expectAccessible(page, 'the device page, a wrong code');
    await screenshotBoth(page, 'device-code-wrong');

    await page.getByRole('textbox', { name: 'Code' }).fill(device.user_code.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('heading', { level: 1, name: 'Device not connected' }).waitFor();
    expect(await tokens).toBe('access_denied');
  });

  it('checks access before offering Allow: a player the app does not admit reads why, and the bot is told access_denied', async () => {
    const vault = await discover('vaultbot', client.None());
    const device = await client.initiateDeviceAuthorization(vault, { scope: 'openid' });
    const tokens = refusal(client.pollDeviceAuthorizationGrant(vault, device));

    await page.goto(device.verification_uri);
    await page.getByRole('textbox', { name: 'Code' }).fill(device.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vault Bot does not admit you' }).waitFor();
    await page.getByText('You have not been granted access to this app.').waitFor();
    expect(await page.getByRole('button', { name: 'Allow' }).count()).toBe(0);
    await expectAccessible(page, 'the device page, refused by the access rule');
    await screenshotBoth(page, 'device-refused');
    expect(await tokens).toBe('access_denied');
  });

  it('says so when too many codes were entered in this session, and when to try again', async () => {
    await page.goto(`${baseUrl}/device`);
    const tooMany = page.getByText(/Too many codes were entered in this session/);
    // 10 codes a minute per session: this one has entered some already.
    for (let i = 0; i < 10 && !(await tooMany.isVisible()); i++) {
      await page.getByRole('textbox', { name: 'Code' }).fill('BCDF-GHJK');
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Continue' }).click()]);
    }
    await tooMany.waitFor();
    await page.getByRole('link', { name: 'Start again' }).waitFor();
    await expectAccessible(page, 'the device page, too many codes');
    await screenshotBoth(page, 'device-too-many');
  });

  it('refuses the device flow to an app not allowed it: unauthorized_client', async () => {
    const ledger = await discover('ledgersync', client.None());
    expect(await refusal(client.initiateDeviceAuthorization(ledger, { scope: 'openid' }))).toBe('unauthorized_client');
  });
});

describe('client credentials: a service signs in as itself', () => {
  let service: client.Configuration;
  let secret: string;

  beforeAll(async () => {
    const created = await admin('POST', `/api/admin/apps/${await appId('ledgersync')}/client-secret`);
    expect(created.status).toBe(201);
    secret = (created.body as { client_secret: string }).client_secret;
    service = await discover('ledgersync', client.ClientSecretBasic(secret));
  });

  it('gets a token for its own audience with the scopes an admin allowed it, which introspection confirms', async () => {
    const tokens = await client.clientCredentialsGrant(service, { scope: 'ledger:read wiki:admin' });
    expect(tokens.scope).toBe('ledger:read');
    expect(tokens.refresh_token).toBeUndefined();
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: 'https://ledger.example.com', sub: 'ledgersync', scope: 'ledger:read' });
    expect(await client.tokenIntrospection(service, tokens.access_token)).toMatchObject({ active: true, client_id: 'ledgersync' });
  });

  it('is refused once the secret is removed: the app is a public client, which may not use the grant', async () => {
    expect((await admin('DELETE', `/api/admin/apps/${await appId('ledgersync')}/client-secret`)).status).toBe(204);
    expect(await refusal(client.clientCredentialsGrant(service, { scope: 'ledger:read' }))).toBe('invalid_client');
    const asPublic = await discover('ledgersync', client.None());
    expect(await refusal(client.clientCredentialsGrant(asPublic, { scope: 'ledger:read' }))).toBe('unauthorized_client');
  });
});
