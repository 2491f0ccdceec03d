import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { authorize, CookieJar, exchange, postForm } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

describe('an app whose audience is a plain name, as forward auth knows it (its key)', () => {
  let ctx: TestContext;
  let jar: CookieJar;

  beforeAll(async () => {
    ctx = await createTestApp();
    await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'wiki',
      redirect_urls: ['https://wiki.example.com/oauth/callback'],
      skip_uid_whitelist: true,
    });
    jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  });
  afterAll(() => ctx.close());

  it('gets a code, and access tokens addressed to that audience, on sign-in and on refresh', async () => {
    const { code, verifier, location } = await authorize(ctx, jar, { scope: 'openid offline_access' });
    expect(location?.searchParams.get('error_description')).toBeNull();
    const token = await exchange(ctx, code!, verifier);
    expect(token.statusCode, token.body).toBe(200);
    expect(decodeJwt(token.json().access_token).aud).toBe('wiki');

    const refreshed = await postForm(ctx, '/oidc/token', {
      grant_type: 'refresh_token',
      refresh_token: token.json().refresh_token,
      client_id: 'wiki',
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(decodeJwt(refreshed.json().access_token).aud).toBe('wiki');
  });
});
