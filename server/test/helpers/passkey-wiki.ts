import { decodeJwt } from 'jose';
import { createAppFixture } from './fixtures.ts';
import { basic, createClientSecret, exchange, WIKI_REDIRECT } from './oidc.ts';
import { addPasskey } from './passkey-flows.ts';
import { signIn } from './sign-in.ts';
import type { SoftAuthenticator } from './soft-authenticator.ts';
import { createTestApp, type TestContext } from './test-app.ts';

export interface PasskeyWiki {
  ctx: TestContext;
  /** Mira's (1:100002) passkey, added on her account. */
  key: SoftAuthenticator;
  /** The claims of the id_token the wiki gets for `code`, redeemed with its client secret. */
  idToken(code: string, verifier: string): Promise<ReturnType<typeof decodeJwt>>;
}

/**
 * A portal for the id_token's passkey claims: the wiki, a confidential client that admits every
 * player, and Mira holding a passkey.
 */
export async function createPasskeyWiki(): Promise<PasskeyWiki> {
  const ctx = await createTestApp();
  const wiki = await createAppFixture(ctx, {
    key: 'wiki',
    name: 'Wiki',
    audience: 'https://wiki.example.com',
    redirect_urls: [WIKI_REDIRECT],
    skip_uid_whitelist: true,
  });
  const admin = (await signIn(ctx, '1:100001')).cookie;
  const secret = await createClientSecret(ctx, admin, wiki.id);
  const key = (await addPasskey(ctx, (await signIn(ctx, '1:100002')).cookie, 'Mira’s key')).authenticator;
  return {
    ctx,
    key,
    async idToken(code, verifier) {
      const tokens = (await exchange(ctx, code, verifier, { authorization: basic('wiki', secret) })).json();
      return decodeJwt(tokens.id_token as string);
    },
  };
}
