import { startSimulator } from '@portal/swc-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SwcAuthError, SwcUpstreamError, type SwcClient } from '../../src/integrations/swcombine/client.ts';
import { createSwcClient } from '../../src/integrations/swcombine/oauth-client.ts';
import { approveAtSimulator } from '../helpers/sign-in.ts';

const REDIRECT = 'http://localhost:3000/auth/callback';
let sim: { url: string; close(): Promise<void> };
let swc: SwcClient;
let now = Date.parse('2026-11-22T12:00:00Z');

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    now: () => now,
    clients: [{ clientId: 'portal-dev', clientSecret: 'portal-dev-secret', redirectUris: [REDIRECT] }],
  });
  swc = createSwcClient({ baseUrl: sim.url, clientId: 'portal-dev', clientSecret: 'portal-dev-secret', now: () => now });
});
afterAll(() => sim.close());

async function authorize(uid: string, accessType: 'online' | 'offline' = 'online', scopes = ['character_auth', 'character_read']) {
  const url = swc.authorizeUrl({ state: 'state-1', redirectUri: REDIRECT, scopes, accessType });
  return new URL(await approveAtSimulator(url, uid));
}

describe('SWCombine client against the simulator', () => {
  it('sends lowercase scopes even when given the screens’ uppercase names', () => {
    const url = new URL(
      swc.authorizeUrl({ state: 's', redirectUri: REDIRECT, scopes: ['CHARACTER_AUTH', 'CHARACTER_READ'], accessType: 'online' }),
    );
    expect(url.searchParams.get('scope')).toBe('character_auth character_read');
  });

  it('exchanges a code for tokens and keeps the granted scopes and expiry', async () => {
    const tokens = await swc.exchangeCallback(await authorize('1:100001'), 'state-1', REDIRECT);
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.scopes.sort()).toEqual(['character_auth', 'character_read']);
    expect(tokens.expiresAt.getTime()).toBe(now + 3600_000);
  });

  it('reads the character from web services v2.0', async () => {
    const tokens = await swc.exchangeCallback(await authorize('1:100001'), 'state-1', REDIRECT);
    const character = await swc.getCharacter(tokens.accessToken);
    expect(character).toMatchObject({ uid: '1:100001', name: 'Jorin Vex', race: 'Human', faction: 'Galactic Weapon Systems' });
    expect(character.image).toMatch(/^http:\/\/localhost:\d+\//);
  });

  it('reads a character without a faction', async () => {
    const tokens = await swc.exchangeCallback(await authorize('1:100002'), 'state-1', REDIRECT);
    expect(await swc.getCharacter(tokens.accessToken)).toMatchObject({ name: 'Mira Solan', race: "Twi'lek", faction: null });
  });

  it('refuses a callback whose state differs', async () => {
    await expect(swc.exchangeCallback(await authorize('1:100001'), 'other-state', REDIRECT)).rejects.toBeInstanceOf(SwcAuthError);
  });

  it('reports a declined authorization as access_denied', async () => {
    const url = swc.authorizeUrl({ state: 'state-1', redirectUri: REDIRECT, scopes: ['character_read'], accessType: 'online' });
    const callback = new URL(await approveAtSimulator(url, 'deny'));
    await expect(swc.exchangeCallback(callback, 'state-1', REDIRECT)).rejects.toMatchObject({ code: 'access_denied' });
  });

  it('reports a reused code as invalid_grant', async () => {
    const callback = await authorize('1:100001');
    await swc.exchangeCallback(callback, 'state-1', REDIRECT);
    await expect(swc.exchangeCallback(callback, 'state-1', REDIRECT)).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('fails with invalid_client when the secret is wrong', async () => {
    const wrong = createSwcClient({ baseUrl: sim.url, clientId: 'portal-dev', clientSecret: 'nope' });
    await expect(wrong.exchangeCallback(await authorize('1:100001'), 'state-1', REDIRECT)).rejects.toMatchObject({
      code: 'invalid_client',
    });
  });

  it('refreshes an offline grant and keeps the refresh token when the answer omits it', async () => {
    const first = await swc.exchangeCallback(await authorize('1:100001', 'offline'), 'state-1', REDIRECT);
    expect(first.refreshToken).toEqual(expect.any(String));
    now += 3000_000;
    const refreshed = await swc.refresh(first.refreshToken!);
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    expect(refreshed.refreshToken).toBe(first.refreshToken);
    expect(refreshed.expiresAt.getTime()).toBe(now + 3600_000);
  });

  it('says SWCombine is unreachable when it is', async () => {
    const down = createSwcClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' });
    await expect(down.getCharacter('token')).rejects.toBeInstanceOf(SwcUpstreamError);
  });

  it('reports a rejected token with the envelope’s message', async () => {
    await expect(swc.getCharacter('not-a-token')).rejects.toThrow(/SWCombine refused the character lookup/);
  });
});
