import { describe, expect, it } from 'vitest';
import { offlineAccessWithoutConsentPrompt } from '../../../../src/services/oidc/library-gaps/offline-access-without-consent-prompt.ts';
import { bareProvider, callProvider, REDIRECT } from './bare-provider.ts';

const query = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    client_id: 'app',
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid offline_access',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...extra,
  });

/** The authorization request as the library kept it for its interaction. */
async function interactionParams(provider: Awaited<ReturnType<typeof bareProvider>>, extra?: Record<string, string>) {
  const res = await callProvider(provider)({ url: `/oidc/authorize?${query(extra)}` });
  expect(res.statusCode, res.body).toBe(303);
  const uid = res.headers.location!.split('/').pop()!;
  return (await provider.Interaction.find(uid))!.params as { scope: string; prompt?: string };
}

describe('gap: offline_access without prompt=consent', () => {
  it('the library drops offline_access without prompt=consent; the portal asks for consent (and answers it itself)', async () => {
    expect((await interactionParams(await bareProvider())).scope).toBe('openid');

    const provider = await bareProvider();
    offlineAccessWithoutConsentPrompt(provider);
    const kept = await interactionParams(provider);
    expect(kept.scope).toBe('openid offline_access');
    expect(kept.prompt).toBe('consent');
    // A prompt the app sent is kept, with consent added.
    expect((await interactionParams(provider, { prompt: 'login' })).prompt).toBe('login consent');
  });
});
