import { describe, expect, it } from 'vitest';
import { decideAccess } from '../../src/domain/access.ts';

const app = { key: 'wiki', skip_uid_whitelist: false, allow_global_admin: false };

describe('decideAccess', () => {
  it('admits every player to the portal', () =>
    expect(decideAccess({ app: { ...app, key: 'portal' }, status: null, isGlobalAdmin: false })).toEqual({ allowed: true, via: 'portal' }));
  it('admits active access', () => expect(decideAccess({ app, status: 'active', isGlobalAdmin: false }).allowed).toBe(true));
  it('refuses suspended access and says so', () =>
    expect(decideAccess({ app, status: 'suspended', isGlobalAdmin: false })).toEqual({
      allowed: false,
      reason: 'Your access to this app is suspended.',
    }));
  it('refuses no access', () => expect(decideAccess({ app, status: null, isGlobalAdmin: false }).allowed).toBe(false));
  it('admits anyone when the app bypasses the whitelist', () =>
    expect(decideAccess({ app: { ...app, skip_uid_whitelist: true }, status: null, isGlobalAdmin: false })).toEqual({
      allowed: true,
      via: 'bypass',
    }));
  it('admits a global admin only where the app allows it', () => {
    expect(decideAccess({ app, status: null, isGlobalAdmin: true }).allowed).toBe(false);
    expect(decideAccess({ app: { ...app, allow_global_admin: true }, status: null, isGlobalAdmin: true }).allowed).toBe(true);
  });
});
