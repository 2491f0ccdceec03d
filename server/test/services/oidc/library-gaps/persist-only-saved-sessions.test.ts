import { describe, expect, it } from 'vitest';
import { persistOnlySavedSessions } from '../../../../src/services/oidc/library-gaps/persist-only-saved-sessions.ts';
import { bareProvider } from './bare-provider.ts';

describe('gap: only a saved session is persisted', () => {
  it('the library throws on persisting a session it never saved (a 500 on the device pages); the portal leaves it unsaved', async () => {
    const provider = await bareProvider();
    await expect(new provider.Session().persist()).rejects.toThrow(/previously persisted/);

    persistOnlySavedSessions(provider);
    await expect(new provider.Session().persist()).resolves.toBeUndefined();
    const saved = new provider.Session();
    await saved.save(60);
    saved.state = { secret: 'x' };
    await saved.persist();
    expect((await provider.Session.find(saved.jti))?.state).toEqual({ secret: 'x' });
  });
});
