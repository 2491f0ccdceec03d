import { describe, expect, it } from 'vitest';
import type { Configuration } from 'oidc-provider';
import { scopeDecidedAtEveryToken } from '../../../../src/services/oidc/library-gaps/scope-decided-at-every-token.ts';
import { basic, bareProvider, callProvider, SECRET } from './bare-provider.ts';

const RESOURCE = 'https://api.example.com';
// As the portal runs it: every refresh rotates the refresh token.
const asThePortal = (c: Configuration): Configuration => ({
  ...c,
  rotateRefreshToken: true,
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
});

/** A refresh token the player got with `bot:read`, and the provider's answer to one refresh with it. */
async function refreshOnce(wrap: (c: Configuration) => Configuration) {
  const provider = await bareProvider((c) => wrap(asThePortal(c)));
  const grant = new provider.Grant({ accountId: 'player', clientId: 'app' });
  grant.addOIDCScope('openid offline_access');
  grant.addResourceScope(RESOURCE, 'bot:read');
  const grantId = await grant.save();
  const client = (await provider.Client.find('app'))!;
  const issued = new provider.RefreshToken({
    accountId: 'player',
    client,
    grantId,
    gty: 'authorization_code',
    resource: RESOURCE,
    scope: 'openid offline_access bot:read',
  });
  const value = await issued.save();
  const res = await callProvider(provider)({
    method: 'POST',
    url: '/oidc/token',
    headers: { authorization: basic('app', SECRET), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: value }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const rotated = await provider.RefreshToken.find(res.json().refresh_token);
  return { answered: String(res.json().scope), rotated: String(rotated?.scope) };
}

describe('gap: every token carries the scope given when it is issued', () => {
  it('the library re-issues the refresh token’s own scope; the portal narrows it, in the answer and in the rotated refresh token', async () => {
    const bare = await refreshOnce((c) => c);
    expect(bare.answered.split(' ')).toContain('bot:read');
    expect(bare.rotated.split(' ')).toContain('bot:read');

    const asked: string[] = [];
    const narrowed = await refreshOnce((c) =>
      scopeDecidedAtEveryToken(c, async (_ctx, accountId, scope) => {
        asked.push(`${accountId}: ${scope}`);
        return scope
          .split(' ')
          .filter((s) => s !== 'bot:read')
          .join(' ');
      }),
    );
    expect(asked).toEqual(['player: openid offline_access bot:read']);
    expect(narrowed.answered.split(' ')).not.toContain('bot:read');
    expect(narrowed.rotated).toBe('openid offline_access');
  });
});
