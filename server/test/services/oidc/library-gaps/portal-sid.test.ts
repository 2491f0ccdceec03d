import { describe, expect, it } from 'vitest';
import { sidIsThePortalSid } from '../../../../src/services/oidc/library-gaps/portal-sid.ts';
import { bareProvider, portalRequest, inLibraryRequest } from './bare-provider.ts';

describe('gap: the sid an app is given is the portal session’s', () => {
  it('the library makes up a random sid per client; the portal gives its session’s sid', async () => {
    const provider = await bareProvider();
    const session = new provider.Session();
    session.loginAccount({ accountId: '1:100002' });
    session.ensureClientContainer('app');
    expect(session.sidFor('app')).toMatch(/^[\w-]{16,}$/);

    sidIsThePortalSid(provider);
    const mine = new provider.Session();
    mine.loginAccount({ accountId: '1:100002' });
    await inLibraryRequest(provider, portalRequest('1:100002', 'the-portal-sid'), async () => mine.ensureClientContainer('app'));
    expect(mine.sidFor('app')).toBe('the-portal-sid');
    // A library session of another player than the portal session's keeps the library's own.
    const theirs = new provider.Session();
    theirs.loginAccount({ accountId: '1:100001' });
    await inLibraryRequest(provider, portalRequest('1:100002', 'the-portal-sid'), async () => theirs.ensureClientContainer('app'));
    expect(theirs.sidFor('app')).not.toBe('the-portal-sid');
  });
});
