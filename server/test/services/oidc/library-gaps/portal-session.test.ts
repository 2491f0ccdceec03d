import { describe, expect, it } from 'vitest';
import { sessionIsThePortalSession } from '../../../../src/services/oidc/library-gaps/portal-session.ts';
import { bareContext, bareProvider, noPortalSession, portalRequest, inLibraryRequest } from './bare-provider.ts';

const signedInAt = new Date('2030-01-01T10:00:00Z');

describe('gap: the library’s session is the portal session', () => {
  it('the library signs nobody in without its own interaction; the portal session’s player is signed in, at the time they signed in', async () => {
    const provider = await bareProvider();
    expect((await provider.Session.get(bareContext(provider))).accountId).toBeUndefined();

    sessionIsThePortalSession(provider);
    const session = await inLibraryRequest(provider, portalRequest('1:100002', 'sid-1', signedInAt), (ctx) => provider.Session.get(ctx));
    expect(session.accountId).toBe('1:100002');
    expect(session.loginTs).toBe(signedInAt.getTime() / 1000);
  });

  it('the library keeps whoever its cookie names; the portal signs them out when the portal session is gone, or names another player', async () => {
    const provider = await bareProvider();
    const stored = new provider.Session();
    stored.loginAccount({ accountId: '1:100001', loginTs: 1 });
    stored.authorizations = { app: { sid: 'old', grantId: 'g' } };
    await stored.save(60);
    const cookie = `_session=${stored.jti}`;
    expect((await provider.Session.get(bareContext(provider, cookie))).accountId).toBe('1:100001');

    sessionIsThePortalSession(provider);
    const nobody = await inLibraryRequest(provider, noPortalSession, (ctx) => provider.Session.get(ctx), cookie);
    expect(nobody.accountId).toBeUndefined();
    expect(nobody.authorizations).toEqual({});
    const other = await inLibraryRequest(provider, portalRequest('1:100002'), (ctx) => provider.Session.get(ctx), cookie);
    expect(other.accountId).toBe('1:100002');
    // What was authorized for the player before is not the new player's.
    expect(other.authorizations).toEqual({});
  });
});
