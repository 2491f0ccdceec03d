import { describe, expect, it } from 'vitest';
import { includeSidInEveryIdToken } from '../../../../src/services/oidc/library-gaps/sid-in-every-id-token.ts';
import { bareProvider } from './bare-provider.ts';

describe('gap: sid in every id_token', () => {
  it('the library includes sid only for a client registered for back-channel logout with a session; the portal for every client', async () => {
    const provider = await bareProvider();
    const client = (await provider.Client.find('app'))!;
    expect(client.includeSid()).toBeFalsy();
    includeSidInEveryIdToken(provider);
    expect((await provider.Client.find('app'))!.includeSid()).toBe(true);
  });
});
