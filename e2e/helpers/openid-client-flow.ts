import * as client from 'openid-client';
import type { BrowserContext } from 'playwright-core';

/**
 * What an app does to sign a player in: sends the browser to the authorization endpoint, where
 * the player signs in through SWCombine when the portal asks; answers where the browser came back.
 */
export async function authorizeInBrowser(context: BrowserContext, url: URL, redirectUri: string, characterName?: string): Promise<URL> {
  const page = await context.newPage();
  try {
    await page.goto(url.href);
    if (characterName) await page.getByRole('button', { name: `Sign in as ${characterName}` }).click();
    await page.waitForURL((u) => u.href.startsWith(`${redirectUri}?`));
    return new URL(page.url());
  } finally {
    await page.close();
  }
}

/** An authorization request as the app makes it: PKCE S256, state and nonce, all checked on the way back. */
export async function signInFlow(
  config: client.Configuration,
  context: BrowserContext,
  redirectUri: string,
  scope: string,
  characterName?: string,
) {
  const checks = {
    pkceCodeVerifier: client.randomPKCECodeVerifier(),
    expectedState: client.randomState(),
    expectedNonce: client.randomNonce(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    state: checks.expectedState,
    nonce: checks.expectedNonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.pkceCodeVerifier),
    code_challenge_method: 'S256',
  });
  const callback = await authorizeInBrowser(context, url, redirectUri, characterName);
  return client.authorizationCodeGrant(config, callback, { ...checks, idTokenExpected: true });
}

/** The OAuth error a call was refused with. */
export const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'accepted',
    (e: { error?: string; code?: string }) => e.error ?? e.code,
  );
