import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { recordJwtAccessTokens, type JwtAccessTokenModel } from '../../../../src/services/oidc/library-gaps/jwt-access-token-records.ts';
import { basic, bareProvider, callProvider, SECRET } from './bare-provider.ts';

const form = { grant_type: 'client_credentials', scope: 'bot:read' };

async function machineToken(provider: Awaited<ReturnType<typeof bareProvider>>): Promise<string> {
  const res = await callProvider(provider)({
    method: 'POST',
    url: '/oidc/token',
    headers: { authorization: basic('app', SECRET), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}

describe('gap: JWT access tokens are kept on record', () => {
  it('the library keeps no record of a JWT access token; the portal keeps one under its jti', async () => {
    const bare = await bareProvider();
    const token = await machineToken(bare);
    expect(await bare.ClientCredentials.find(token)).toBeUndefined();
    expect(await bare.ClientCredentials.find(String(decodeJwt(token).jti))).toBeUndefined();

    const recorded: { model: JwtAccessTokenModel; token: Record<string, unknown>; exp: number }[] = [];
    const provider = await bareProvider((c) =>
      recordJwtAccessTokens(c, async (model, kept, exp) => {
        recorded.push({ model, token: kept, exp });
      }),
    );
    const jwt = decodeJwt(await machineToken(provider));
    expect(recorded).toEqual([
      {
        model: 'ClientCredentials',
        token: expect.objectContaining({ jti: jwt.jti, clientId: 'app', scope: 'bot:read', kind: 'ClientCredentials' }),
        exp: jwt.exp,
      },
    ]);
  });
});
