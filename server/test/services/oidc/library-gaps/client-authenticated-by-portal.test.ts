import { describe, expect, it } from 'vitest';
import { clientAuthenticatedByPortal } from '../../../../src/services/oidc/library-gaps/client-authenticated-by-portal.ts';
import { bareProvider, noPortalSession, SECRET, inLibraryRequest } from './bare-provider.ts';

describe('gap: the client is authenticated by the portal', () => {
  it('the library compares the presented secret with the one it holds; the portal takes its own check’s verdict on this client', async () => {
    const provider = await bareProvider();
    expect(await (await provider.Client.find('app'))!.compareClientSecret(SECRET)).toBe(true);
    expect(await (await provider.Client.find('app'))!.compareClientSecret('wrong')).toBe(false);

    clientAuthenticatedByPortal(provider);
    const client = (await provider.Client.find('app'))!;
    // The secret itself no longer counts (the library holds only its hash): the route's check does.
    expect(await inLibraryRequest(provider, noPortalSession, async () => client.compareClientSecret(SECRET))).toBe(false);
    expect(
      await inLibraryRequest(provider, { ...noPortalSession, authenticatedClient: 'app' }, async () =>
        client.compareClientSecret('anything'),
      ),
    ).toBe(true);
    expect(
      await inLibraryRequest(provider, { ...noPortalSession, authenticatedClient: 'other' }, async () =>
        client.compareClientSecret(SECRET),
      ),
    ).toBe(false);
  });
});
