import { decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { api, signIn } from './helpers/http-session.ts';
import { authorizeInBrowser, refusal, signInFlow } from './helpers/openid-client-flow.ts';
import { seedApps } from './helpers/seed.ts';

/** The portal as an OpenID Provider for a relying party nobody here wrote: panva's openid-client. */
const baseUrl = inject('baseUrl');
// The apps' side: their redirect URIs answer a browser with a blank page; openid-client reads where it came back.
const APPS_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3900) + 18}`;
const LEDGER = `${APPS_ORIGIN}/ledger/callback`;
const ATLAS = `${APPS_ORIGIN}/atlas/callback`;
const VAULT = `${APPS_ORIGIN}/vault/callback`;
const MIRA = { uid: '1:100002', name: 'Mira Solan' };

let browser: Browser;
let apps: Server;
let admin: ReturnType<typeof api>;
let ledger: client.Configuration;
let atlas: client.Configuration;

/** The portal's addresses are plain http on loopback in the test product. */
const discover = (clientId: string, auth: client.ClientAuth) =>
  client.discovery(new URL(baseUrl), clientId, undefined, auth, { execute: [client.allowInsecureRequests] });

async function appId(key: string): Promise<string> {
  const apps = (await admin('GET', '/api/admin/apps')).body as { id: string; key: string }[];
  return apps.find((a) => a.key === key)!.id;
}

/** A browser of its own: its own portal session. */
const newBrowserContext = () => browser.newContext();

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [
    { key: 'ledger', name: 'Ledger', url: `${APPS_ORIGIN}/ledger/`, redirect_urls: [LEDGER], skip_uid_whitelist: true },
    { key: 'atlas', name: 'Atlas', url: `${APPS_ORIGIN}/atlas/`, redirect_urls: [ATLAS], skip_uid_whitelist: true },
    { key: 'vault', name: 'Vault', url: `${APPS_ORIGIN}/vault/`, redirect_urls: [VAULT] },
  ]);
  admin = api(baseUrl, await signIn(baseUrl, '1:100001'));
  const secret = await admin('POST', `/api/admin/apps/${await appId('ledger')}/client-secret`);
  expect(secret.status).toBe(201);
  const { client_id, client_secret } = secret.body as { client_id: string; client_secret: string };
  expect(client_id).toBe('ledger');
  ledger = await discover('ledger', client.ClientSecretBasic(client_secret));
  // The id_token's signature is checked against the portal's JWKS too, not only its claims.
  client.enableNonRepudiationChecks(ledger);
  atlas = await discover('atlas', client.None());
  client.enableNonRepudiationChecks(atlas);
  apps = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>App</title>'));
  await new Promise<void>((r) => apps.listen(Number(new URL(APPS_ORIGIN).port), '127.0.0.1', r));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  apps?.close();
});

describe('openid-client as a confidential client (client_secret_basic) and a public client (PKCE)', () => {
  let context: BrowserContext;
  let refreshToken: string;

  beforeAll(async () => {
    context = await newBrowserContext();
  });
  afterAll(() => context?.close());

  it('discovers the portal: issuer PUBLIC_URL, code flow with S256 and RS256 id_tokens', () => {
    const meta = ledger.serverMetadata();
    expect(meta.issuer).toBe(baseUrl);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.id_token_signing_alg_values_supported).toContain('RS256');
    expect(meta.jwks_uri).toBe(`${baseUrl}/.well-known/jwks.json`);
  });

  it('signs a player in through SWCombine and validates her RS256 id_token (nonce, iss, aud), then reads userinfo', async () => {
    const tokens = await signInFlow(ledger, context, LEDGER, 'openid profile email offline_access', MIRA.name);
    expect(decodeProtectedHeader(tokens.id_token!).alg).toBe('RS256');
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: baseUrl, aud: 'ledger', sub: MIRA.uid, name: MIRA.name });
    expect(claims.sid).toEqual(expect.any(String));
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const info = await client.fetchUserInfo(ledger, tokens.access_token, MIRA.uid);
    expect(info).toMatchObject({ sub: MIRA.uid, name: MIRA.name, preferred_username: MIRA.name, race: "Twi'lek" });
    refreshToken = tokens.refresh_token!;
  });

  it('rotates the refresh token; the old one is refused, and its reuse ends the new one too', async () => {
    const rotated = await client.refreshTokenGrant(ledger, refreshToken);
    expect(rotated.refresh_token).toEqual(expect.any(String));
    expect(rotated.refresh_token).not.toBe(refreshToken);
    expect(rotated.claims()?.sub).toBe(MIRA.uid);

    expect(await refusal(client.refreshTokenGrant(ledger, refreshToken))).toBe('invalid_grant');
    expect(await refusal(client.refreshTokenGrant(ledger, rotated.refresh_token!))).toBe('invalid_grant');
  });

  it('introspects an access token as active, revokes it, and then introspects it as inactive', async () => {
    // Signed in already: the portal answers at once, with no second sign-in.
    const { access_token: accessToken } = await signInFlow(ledger, context, LEDGER, 'openid');
    const active = await client.tokenIntrospection(ledger, accessToken);
    expect(active).toMatchObject({ active: true, sub: MIRA.uid, client_id: 'ledger' });
    await client.tokenRevocation(ledger, accessToken);
    expect((await client.tokenIntrospection(ledger, accessToken)).active).toBe(false);
    expect(await refusal(client.fetchUserInfo(ledger, accessToken, MIRA.uid))).toBe('OAUTH_WWW_AUTHENTICATE_CHALLENGE');
  });

  it('signs the same player into a public client with no second sign-in (single sign-on), and revokes its refresh token', async () => {
    const tokens = await signInFlow(atlas, context, ATLAS, 'openid profile offline_access');
    expect(tokens.claims()).toMatchObject({ iss: baseUrl, aud: 'atlas', sub: MIRA.uid, name: MIRA.name });
    const info = await client.fetchUserInfo(atlas, tokens.access_token, MIRA.uid);
    expect(info.sub).toBe(MIRA.uid);

    await client.tokenRevocation(atlas, tokens.refresh_token!);
    expect(await refusal(client.refreshTokenGrant(atlas, tokens.refresh_token!))).toBe('invalid_grant');
  });

  it('ends her refresh token and refuses her userinfo once an admin suspends her on that app', async () => {
    const tokens = await signInFlow(atlas, context, ATLAS, 'openid offline_access');
    const users = (await admin('GET', '/api/admin/users?q=Mira')).body as { id: string }[];
    expect((await admin('POST', `/api/admin/users/${users[0]!.id}/apps/atlas/suspend`)).status).toBe(200);
    expect(await refusal(client.refreshTokenGrant(atlas, tokens.refresh_token!))).toBe('invalid_grant');
    expect(await refusal(client.fetchUserInfo(atlas, tokens.access_token, MIRA.uid))).toBe('OAUTH_WWW_AUTHENTICATE_CHALLENGE');
  });
});

describe('openid-client told no by the portal, with its state', () => {
  /** Runs an authorization request and hands what came back to openid-client, which raises the error. */
  async function refusedAt(
    config: client.Configuration,
    context: BrowserContext,
    redirectUri: string,
    extra: Record<string, string>,
    characterName?: string,
  ) {
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state,
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      ...extra,
    });
    const callback = await authorizeInBrowser(context, url, redirectUri, characterName);
    expect(callback.searchParams.get('state')).toBe(state);
    return refusal(client.authorizationCodeGrant(config, callback, { expectedState: state, pkceCodeVerifier: 'unused' }));
  }

  it('answers prompt=none without a portal session with login_required, back at the app', async () => {
    const context = await newBrowserContext();
    try {
      expect(await refusedAt(ledger, context, LEDGER, { prompt: 'none' })).toBe('login_required');
    } finally {
      await context.close();
    }
  });

  it('sends a player the app does not admit back with access_denied', async () => {
    const vault = await discover('vault', client.None());
    const context = await newBrowserContext();
    try {
      expect(await refusedAt(vault, context, VAULT, {}, 'Talia Dorne')).toBe('access_denied');
    } finally {
      await context.close();
    }
  });
});
