import { describe, expect, it } from 'vitest';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { detectGrantReuse, grantReused } from '../../../../src/services/oidc/library-gaps/grant-reuse.ts';
import { basic, bareProvider, callProvider, SECRET } from './bare-provider.ts';

const asThePortal = (c: Configuration): Configuration => ({
  ...c,
  rotateRefreshToken: true,
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
});

/** A refresh token used twice (the second time a replay): the two answers, and whether each request was seen as a replay. */
async function refreshTwice(withGap: boolean) {
  const provider = await bareProvider(asThePortal);
  if (withGap) detectGrantReuse(provider);
  const seen: boolean[] = [];
  provider.use(async (ctx, next) => {
    await next();
    seen.push(grantReused(ctx as KoaContextWithOIDC));
  });
  const grant = new provider.Grant({ accountId: 'player', clientId: 'app' });
  grant.addOIDCScope('openid offline_access');
  const grantId = await grant.save();
  const client = (await provider.Client.find('app'))!;
  const value = await new provider.RefreshToken({
    accountId: 'player',
    client,
    grantId,
    gty: 'authorization_code',
    scope: 'openid offline_access',
  }).save();
  const refresh = () =>
    callProvider(provider)({
      method: 'POST',
      url: '/oidc/token',
      headers: { authorization: basic('app', SECRET), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: value }).toString(),
    });
  const answers = [await refresh(), await refresh()].map((res) => ({ status: res.statusCode, error: res.json().error as unknown }));
  return { answers, seen, grantLeft: Boolean(await provider.Grant.find(grantId)) };
}

describe('gap: a replayed code or refresh token is told apart', () => {
  it('the library answers a replay as any bad grant and revokes the grant; the portal knows that request was a replay', async () => {
    const bare = await refreshTwice(false);
    expect(bare.answers).toEqual([
      { status: 200, error: undefined },
      { status: 400, error: 'invalid_grant' },
    ]);
    expect(bare.grantLeft).toBe(false);
    expect(bare.seen).toEqual([false, false]);

    const portal = await refreshTwice(true);
    expect(portal.answers).toEqual(bare.answers);
    expect(portal.seen).toEqual([false, true]);
  });
});
