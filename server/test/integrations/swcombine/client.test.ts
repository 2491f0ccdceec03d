import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSwcBudget } from '../../../src/services/swcombine/budget.ts';
import { SwcApiError, SwcAuthError, SwcGrantGone, SwcUpstreamError } from '../../../src/integrations/swcombine/client.ts';
import { createSwcClient } from '../../../src/integrations/swcombine/oauth-client.ts';
import { approveAtSimulator } from '../../helpers/sign-in.ts';
import { REDIRECT, setUpSwc, type SwcSetup } from '../../helpers/swc-setup.ts';

let t: SwcSetup;
beforeAll(async () => (t = await setUpSwc()));
afterAll(() => t.close());

const now = () => t.clock.now().getTime();

async function authorize(uid: string, accessType: 'online' | 'offline' = 'online', scopes = ['character_auth', 'character_read']) {
  const url = t.swc.authorizeUrl({ state: 'state-1', redirectUri: REDIRECT, scopes, accessType });
  return new URL(await approveAtSimulator(url, uid));
}

const signInTokens = async (uid: string, accessType: 'online' | 'offline' = 'online', scopes?: string[]) =>
  t.swc.exchangeCallback(await authorize(uid, accessType, scopes), 'state-1', REDIRECT);

/** A client of the same registration whose web-service calls would go nowhere: for OAuth-only checks. */
const clientAt = (baseUrl: string, clientSecret = 'portal-dev-secret') =>
  createSwcClient({
    baseUrl,
    clientId: 'portal-dev',
    clientSecret,
    budget: createSwcBudget({ db: t.db, clock: t.clock, reserve: { count: 0, percent: 0 }, assumedLimit: 600, windowSeconds: 3600 }),
  });

describe('SWCombine OAuth against the simulator', () => {
  it('sends scopes lowercase and once each, even given the screens’ uppercase names', () => {
    const url = new URL(
      t.swc.authorizeUrl({
        state: 's',
        redirectUri: REDIRECT,
        scopes: ['CHARACTER_AUTH', 'character_read', 'CHARACTER_READ'],
        accessType: 'online',
      }),
    );
    expect(url.searchParams.get('scope')).toBe('character_auth character_read');
    expect(url.searchParams.get('access_type')).toBe('online');
    expect(url.searchParams.get('renew_previously_granted')).toBe('no');
  });

  it('asks for offline access and to keep earlier grants when told to', () => {
    const url = new URL(
      t.swc.authorizeUrl({
        state: 's',
        redirectUri: REDIRECT,
        scopes: ['character_read'],
        accessType: 'offline',
        renewPreviouslyGranted: true,
      }),
    );
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('renew_previously_granted')).toBe('yes');
  });

  it('exchanges a code for tokens and keeps the granted scopes and expiry', async () => {
    const tokens = await signInTokens('1:100001');
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.scopes.sort()).toEqual(['character_auth', 'character_read']);
    expect(tokens.expiresAt.getTime()).toBe(now() + 3600_000);
  });

  it('learns who a token speaks for from token info, without spending a web-service request', async () => {
    const tokens = await signInTokens('1:100002');
    const before = t.sim.stats().requests;
    expect(await t.swc.tokenInfo(tokens.accessToken)).toEqual({ uid: '1:100002', scopes: ['character_auth', 'character_read'] });
    expect(t.sim.stats().requests).toBe(before);
  });

  it('refuses a callback whose state differs', async () => {
    await expect(t.swc.exchangeCallback(await authorize('1:100001'), 'other-state', REDIRECT)).rejects.toBeInstanceOf(SwcAuthError);
  });

  it('reports a declined authorization as access_denied', async () => {
    const url = t.swc.authorizeUrl({ state: 'state-1', redirectUri: REDIRECT, scopes: ['character_read'], accessType: 'online' });
    const callback = new URL(await approveAtSimulator(url, 'deny'));
    await expect(t.swc.exchangeCallback(callback, 'state-1', REDIRECT)).rejects.toMatchObject({ code: 'access_denied' });
  });

  it('reports a reused code as invalid_grant', async () => {
    const callback = await authorize('1:100001');
    await t.swc.exchangeCallback(callback, 'state-1', REDIRECT);
    await expect(t.swc.exchangeCallback(callback, 'state-1', REDIRECT)).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('fails with invalid_client when the secret is wrong', async () => {
    await expect(clientAt(t.sim.url, 'nope').exchangeCallback(await authorize('1:100001'), 'state-1', REDIRECT)).rejects.toMatchObject({
      code: 'invalid_client',
    });
  });

  it('refreshes an offline grant and keeps the refresh token when the answer omits it', async () => {
    const first = await signInTokens('1:100001', 'offline');
    expect(first.refreshToken).toEqual(expect.any(String));
    t.clock.advance(3000_000);
    const refreshed = await t.swc.refresh(first.refreshToken!);
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    expect(refreshed.refreshToken).toBe(first.refreshToken);
    expect(refreshed.expiresAt.getTime()).toBe(now() + 3600_000);
  });

  it('narrows a refreshed access token to the scopes asked for; the grant keeps the rest', async () => {
    const first = await signInTokens('1:100001', 'offline', ['character_auth', 'character_read', 'character_stats']);
    const narrow = await t.swc.refresh(first.refreshToken!, ['CHARACTER_READ']);
    expect(narrow.scopes).toEqual(['character_read']);
    expect((await t.swc.refresh(first.refreshToken!)).scopes.sort()).toEqual(['character_auth', 'character_read', 'character_stats']);
  });

  it('revokes a whole grant: its refresh token then says the grant is gone', async () => {
    const first = await signInTokens('1:100002', 'offline');
    await t.swc.revoke(first.refreshToken!);
    const refused = await t.swc.refresh(first.refreshToken!).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SwcGrantGone);
    await expect(t.swc.getCharacter(first.accessToken, 'interactive')).rejects.toMatchObject({ status: 401 });
  });

  it('tells an unreachable SWCombine apart from a gone grant', async () => {
    const refused = await clientAt('http://127.0.0.1:9')
      .refresh('some-refresh-token')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SwcUpstreamError);
    expect(refused).not.toBeInstanceOf(SwcGrantGone);
  });
});

describe('SWCombine web services against the simulator', () => {
  it('reads the character from web services v2.0', async () => {
    const tokens = await signInTokens('1:100001');
    const character = await t.swc.getCharacter(tokens.accessToken, 'interactive');
    expect(character).toMatchObject({ uid: '1:100001', name: 'Jorin Vex', race: 'Human', faction: 'Galactic Weapon Systems' });
    expect(character.image).toMatch(/^http:\/\/localhost:\d+\//);
  });

  it('reads a character without a faction', async () => {
    const tokens = await signInTokens('1:100002');
    expect(await t.swc.getCharacter(tokens.accessToken, 'interactive')).toMatchObject({
      name: 'Mira Solan',
      race: "Twi'lek",
      faction: null,
    });
  });

  it('calls any resource through the same path: one request, the envelope unwrapped', async () => {
    const before = t.sim.stats().requests;
    const answer = await t.swc.webService({
      path: '/factions/',
      query: { start_index: 1, item_count: 2 },
      callClass: 'background',
      schema: z.object({ factions: z.object({ attributes: z.object({ count: z.number() }) }) }),
      what: 'the faction list',
    });
    expect(answer.factions.attributes.count).toBe(2);
    expect(t.sim.stats().requests).toBe(before + 1);
  });

  it('says SWCombine is unreachable when it is', async () => {
    await expect(clientAt('http://127.0.0.1:9').getCharacter('token', 'interactive')).rejects.toBeInstanceOf(SwcUpstreamError);
  });

  it('reports a rejected token with the envelope’s message and status', async () => {
    const refused = await t.swc.getCharacter('not-a-token', 'interactive').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SwcApiError);
    expect(refused).toMatchObject({ status: 401, message: expect.stringMatching(/^SWCombine refused the character lookup: /) });
  });
});

describe('a SWCombine that never answers', () => {
  let silent: Server;
  let baseUrl: string;
  beforeAll(async () => {
    // Accepts every request and never answers it.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  const client = () =>
    createSwcClient({
      baseUrl,
      clientId: 'portal-dev',
      clientSecret: 'portal-dev-secret',
      requestTimeoutMs: 200,
      budget: { take: async () => undefined, observe: async () => undefined, exhaust: async () => new Date() },
    });

  it.each([
    ['the token endpoint (refresh)', () => client().refresh('refresh-token')],
    ['an OAuth GET (token info)', () => client().tokenInfo('access-token')],
    ['an OAuth GET (revoke)', () => client().revoke('refresh-token')],
    ['a web service', () => client().getCharacter('access-token', 'interactive')],
  ])('gives up on %s after the request timeout, as SWCombine not answering', async (_what, call) => {
    const err = await call().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SwcUpstreamError);
    expect(err).toMatchObject({ message: 'SWCombine did not answer within 0.2 s' });
  });
});
