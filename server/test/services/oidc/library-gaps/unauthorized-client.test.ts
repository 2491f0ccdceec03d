import { describe, expect, it } from 'vitest';
import { unauthorizedClientForGrantType } from '../../../../src/services/oidc/library-gaps/unauthorized-client.ts';
import { basic, bareProvider, callProvider, SECRET } from './bare-provider.ts';

const machineTokenFor = (provider: Awaited<ReturnType<typeof bareProvider>>, clientId: string) =>
  callProvider(provider)({
    method: 'POST',
    url: '/oidc/token',
    headers: { authorization: basic(clientId, SECRET), 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });

describe('gap: a grant type the client may not use', () => {
  it('the library answers invalid_request; the portal answers unauthorized_client (RFC 6749 §5.2), saying why', async () => {
    const bare = await machineTokenFor(await bareProvider(), 'web');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'requested grant type is not allowed for this client',
    });

    const provider = await bareProvider();
    unauthorizedClientForGrantType(provider, async (clientId, grantType) => `${clientId} may not use ${grantType}.`);
    const res = await machineTokenFor(provider, 'web');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'unauthorized_client', error_description: 'web may not use client_credentials.' });
    // A client that may use it is not concerned.
    expect((await machineTokenFor(provider, 'app')).statusCode).toBe(200);
  });
});
