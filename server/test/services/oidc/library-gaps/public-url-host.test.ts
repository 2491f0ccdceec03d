import { describe, expect, it } from 'vitest';
import { servedAtTheIssuer } from '../../../../src/services/oidc/library-gaps/public-url-host.ts';
import { bareProvider, callProvider, ISSUER } from './bare-provider.ts';

const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443' };

/** The token endpoint a provider announces in discovery to a request with forged Host and X-Forwarded-* headers. */
async function announcedTokenEndpoint(close: (provider: Awaited<ReturnType<typeof bareProvider>>) => void): Promise<string> {
  const provider = await bareProvider();
  provider.proxy = true;
  close(provider);
  const res = await callProvider(provider)({ method: 'GET', url: '/.well-known/openid-configuration', headers: forged });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.json().token_endpoint);
}

describe('gap: the library answers at the public URL', () => {
  it('the library writes its addresses from the request’s Host and X-Forwarded-* headers; the portal’s are at the issuer whatever they say', async () => {
    expect(await announcedTokenEndpoint(() => {})).toBe('https://evil.example/oidc/token');
    expect(await announcedTokenEndpoint(servedAtTheIssuer)).toBe(`${ISSUER}/oidc/token`);
  });
});
