import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessStatus } from '../../src/domain/access.ts';

const app = { key: 'wiki', skip_uid_whitelist: false, allow_global_admin: false };

describe('decideAccess', () => {
  it('admits every player to the portal', () =>
    expect(decideAccess({ app: { ...app, key: 'portal' }, status: null, isGlobalAdmin: false })).toEqual({ allowed: true, via: 'portal' }));

  it('says why it refuses', () => {
    expect(decideAccess({ app, status: 'suspended', isGlobalAdmin: false })).toEqual({
      allowed: false,
      reason: 'Your access to this app is suspended.',
    });
    expect(decideAccess({ app, status: 'revoked', isGlobalAdmin: false })).toEqual({
      allowed: false,
      reason: 'Your access to this app was revoked.',
    });
    expect(decideAccess({ app, status: null, isGlobalAdmin: false })).toEqual({
      allowed: false,
      reason: 'You have not been granted access to this app.',
    });
  });

  // Every combination: the bypass and the global-admin allowance stand in only for a grant never
  // recorded; a suspension or a revocation recorded for the player always wins.
  const expected: Record<string, 'access' | 'bypass' | 'global_admin' | 'refused'> = {
    // status, bypass, global admin on an app that allows global admins
    'null,false,false': 'refused',
    'null,true,false': 'bypass',
    'null,false,true': 'global_admin',
    'null,true,true': 'bypass',
    'active,false,false': 'access',
    'active,true,false': 'access',
    'active,false,true': 'access',
    'active,true,true': 'access',
    'suspended,false,false': 'refused',
    'suspended,true,false': 'refused',
    'suspended,false,true': 'refused',
    'suspended,true,true': 'refused',
    'revoked,false,false': 'refused',
    'revoked,true,false': 'refused',
    'revoked,false,true': 'refused',
    'revoked,true,true': 'refused',
  };
  const statuses: AccessStatus[] = [null, 'active', 'suspended', 'revoked'];
  const cases = statuses.flatMap((status) =>
    [false, true].flatMap((bypass) => [false, true].map((admin) => [status, bypass, admin] as const)),
  );

  it.each(cases)('status %s, bypass %s, global admin %s', (status, bypass, isGlobalAdmin) => {
    const decision = decideAccess({ app: { ...app, skip_uid_whitelist: bypass, allow_global_admin: true }, status, isGlobalAdmin });
    expect(decision.allowed ? decision.via : 'refused').toBe(expected[`${status},${bypass},${isGlobalAdmin}`]);
  });

  it('admits a global admin only where the app allows it', () => {
    expect(decideAccess({ app, status: null, isGlobalAdmin: true }).allowed).toBe(false);
    expect(decideAccess({ app: { ...app, allow_global_admin: true }, status: null, isGlobalAdmin: true }).allowed).toBe(true);
  });
});
