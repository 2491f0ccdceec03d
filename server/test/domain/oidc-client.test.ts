import { describe, expect, it } from 'vitest';
import { clientMetadata, grantedScopes, grantTypeRefusal, resourceIndicator, usableGrantTypes } from '../../src/domain/oidc-client.ts';

const app = {
  key: 'wiki',
  name: 'Wiki',
  url: 'https://wiki.example.com/',
  redirect_urls: ['https://wiki.example.com/cb'],
  grant_types: ['authorization_code', 'refresh_token'],
  secretHashHex: null,
};
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';

describe('an app as an OpenID Connect client', () => {
  it('is public (PKCE, no secret) until it has a secret, then a confidential client', () => {
    expect(clientMetadata(app)).toMatchObject({ client_id: 'wiki', token_endpoint_auth_method: 'none' });
    expect(clientMetadata(app)).not.toHaveProperty('client_secret');
    const confidential = { ...app, secretHashHex: 'ab'.repeat(32) };
    expect(clientMetadata(confidential)).toMatchObject({
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret: 'ab'.repeat(32),
    });
  });

  it('may use the grants an admin allowed, less those it cannot use yet', () => {
    expect(clientMetadata(app)).toMatchObject({ grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] });
    // A machine client needs a secret (RFC 6749 §4.4): without one, client_credentials is not usable.
    const machine = { ...app, redirect_urls: [], grant_types: ['client_credentials'] };
    expect(clientMetadata(machine)).toBeNull();
    expect(clientMetadata({ ...machine, secretHashHex: 'ab'.repeat(32) })).toMatchObject({
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    });
    // A device needs no redirect URL; refresh tokens come with it.
    expect(usableGrantTypes({ ...app, redirect_urls: [], grant_types: [DEVICE, 'refresh_token'] })).toEqual([DEVICE, 'refresh_token']);
    // Without a redirect URL, sign-in with a code (and its refresh tokens) is not usable.
    expect(usableGrantTypes({ ...app, redirect_urls: [] })).toEqual([]);
  });

  it('says why a grant is refused, in words', () => {
    expect(grantTypeRefusal({ ...app, grant_types: ['client_credentials'] }, 'client_credentials')).toMatch(/public client/);
    expect(grantTypeRefusal(app, DEVICE)).toBe(
      `Wiki may not use the grant type ${DEVICE}: an admin can allow it on the app's Sign-in settings.`,
    );
  });

  it('registers only the redirect URLs a client can use, and may come back after logout to them or to its URL', () => {
    const metadata = clientMetadata({
      ...app,
      redirect_urls: [
        'https://wiki.example.com/cb',
        'javascript:alert(1)',
        'https://u:p@wiki.example.com/',
        'https://wiki.example.com/#x',
        'not a url',
      ],
    });
    expect(metadata?.redirect_uris).toEqual(['https://wiki.example.com/cb']);
    expect(metadata?.post_logout_redirect_uris).toEqual(['https://wiki.example.com/cb', 'https://wiki.example.com/']);
    expect(clientMetadata({ ...app, redirect_urls: ['ftp://x/'] })).toBeNull();
  });

  it('grants the standard scopes and, of the others, only those an admin granted', () => {
    expect(grantedScopes(['openid', 'profile', 'wiki:edit', 'wiki:admin'], ['wiki:edit'])).toEqual({
      granted: ['openid', 'profile', 'wiki:edit'],
      refused: ['wiki:admin'],
    });
  });

  it('names its access tokens’ resource by the audience when that is an absolute URI, else by a URN', () => {
    expect(resourceIndicator({ key: 'wiki', audience: 'https://wiki.example.com' })).toBe('https://wiki.example.com');
    expect(resourceIndicator({ key: 'forum', audience: 'forum' })).toBe('urn:swc-portal:app:forum');
    expect(resourceIndicator({ key: 'x', audience: 'https://x.example.com/#frag' })).toBe('urn:swc-portal:app:x');
  });
});
