import { describe, expect, it } from 'vitest';
import { createAccessChanged } from '../../src/lib/access-changed.ts';
import { createAuthCache } from '../../src/lib/auth-cache.ts';

describe('access changed', () => {
  it('drops the answers of every cache that listens, here, and tells the other replicas', async () => {
    let published = 0;
    const accessChanged = createAccessChanged(async () => void published++);
    const forwardAuth = createAuthCache<string>();
    const userinfo = createAuthCache<string>();
    for (const cache of [forwardAuth, userinfo]) accessChanged.listen(() => cache.clear());
    forwardAuth.set('session|wiki', 'admitted', 1000);
    userinfo.set('token', 'claims', 1000);
    await accessChanged.publish();
    expect(forwardAuth.get('session|wiki', 0)).toBeUndefined();
    expect(userinfo.get('token', 0)).toBeUndefined();
    expect(published).toBe(1);
  });

  it('a change another replica announced drops the answers here without announcing it again', () => {
    let published = 0;
    const accessChanged = createAccessChanged(async () => void published++);
    const cache = createAuthCache<string>();
    accessChanged.listen(() => cache.clear());
    cache.set('session|wiki', 'admitted', 1000);
    accessChanged.heard();
    expect(cache.get('session|wiki', 0)).toBeUndefined();
    expect(published).toBe(0);
  });
});
