import { describe, expect, it } from 'vitest';
import { clientMetadata, grantedScopes, resourceIndicator } from '../../src/domain/oidc-client.ts';

const app = {
  key: 'wiki',
  name: 'Wiki',
  url: 'https://wiki.example.com/',
  redirect_urls: ['https://wiki.example.com/cb'],
  secretHashHex: null,
};

describe('an app as an OpenID Connect client', () => {
  it('is public (PKCE, no secret) until it has a secret, then authenticates the way the request does', () => {
    expect(clientMetadata(app, 'client_secret_basic')).toMatchObject({ client_id: 'wiki', token_endpoint_auth_method: 'none' });
    expect(clientMetadata(app, 'client_secret_basic')).not.toHaveProperty('client_secret');
    const confidential = { ...app, secretHashHex: 'ab'.repeat(32) };
    expect(clientMetadata(confidential, 'client_secret_post')).toMatchObject({
      token_endpoint_auth_method: 'client_secret_post',
      client_secret: 'ab'.repeat(32),
    });
  });

  it('registers only the redirect URLs a client can use, and may come back after logout to them or to its URL', () => {
    const metadata = clientMetadata(
      {
        ...app,
        redirect_urls: [
          'https://wiki.example.com/cb',
          'javascript:alert(1)',
          'https://u:p@wiki.example.com/',
          'https://wiki.example.com/#x',
          'not a url',
        ],
      },
      'client_secret_basic',
    );
    expect(metadata?.redirect_uris).toEqual(['https://wiki.example.com/cb']);
    expect(metadata?.post_logout_redirect_uris).toEqual(['https://wiki.example.com/cb', 'https://wiki.example.com/']);
    expect(clientMetadata({ ...app, redirect_urls: ['ftp://x/'] }, 'client_secret_basic')).toBeNull();
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
