import { describe, expect, it } from 'vitest';
import { decideAccess, describeDecision, type AccessStatus, type RuleMatch } from '../../src/domain/access.ts';

const app = { key: 'wiki', skip_uid_whitelist: false, allow_global_admin: false };
const now = new Date('2026-11-26T12:00:00Z');

describe('decideAccess', () => {
  it('admits every player to the portal', () =>
    expect(decideAccess({ app: { ...app, key: 'portal' }, status: null, isGlobalAdmin: false, now })).toEqual({
      allowed: true,
      via: 'portal',
      source: 'portal',
      roles: [],
      scopes: [],
    }));

  it('says why it refuses', () => {
    expect(decideAccess({ app, status: 'suspended', isGlobalAdmin: false, now })).toEqual({
      allowed: false,
      source: 'suspended',
      reason: 'Your access to this app is suspended.',
    });
    expect(decideAccess({ app, status: 'revoked', isGlobalAdmin: false, now })).toEqual({
      allowed: false,
      source: 'revoked',
      reason: 'Your access to this app was revoked.',
    });
    expect(decideAccess({ app, status: null, isGlobalAdmin: false, now })).toEqual({
      allowed: false,
      source: 'none',
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
    const decision = decideAccess({ app: { ...app, skip_uid_whitelist: bypass, allow_global_admin: true }, status, isGlobalAdmin, now });
    expect(decision.allowed ? decision.via : 'refused').toBe(expected[`${status},${bypass},${isGlobalAdmin}`]);
  });

  it('admits a global admin only where the app allows it', () => {
    expect(decideAccess({ app, status: null, isGlobalAdmin: true, now }).allowed).toBe(false);
    expect(decideAccess({ app: { ...app, allow_global_admin: true }, status: null, isGlobalAdmin: true, now }).allowed).toBe(true);
  });

  describe('access rules', () => {
    const rule = (name: string, kind: 'custom' | 'faction', extra: Partial<RuleMatch> = {}): RuleMatch => ({
      group: { name, kind },
      roles: [],
      scopes: [],
      grace_hours: 0,
      left_at: null,
      ...extra,
    });
    const gws = rule('Galactic Weapon Systems', 'faction', { roles: ['pilot'], scopes: ['fleet:read'] });
    const ops = rule('Fleet Ops', 'custom', { roles: ['officer', 'pilot'] });

    it('admits through a rule whose group holds the player, naming the group, with the roles and scopes of every rule that counts', () => {
      expect(decideAccess({ app, status: null, isGlobalAdmin: false, rules: [gws, ops], now })).toEqual({
        allowed: true,
        via: 'group',
        source: 'group Fleet Ops',
        roles: ['officer', 'pilot'],
        scopes: ['fleet:read'],
      });
      expect(decideAccess({ app, status: null, isGlobalAdmin: false, rules: [gws], now })).toMatchObject({
        via: 'faction',
        source: 'faction Galactic Weapon Systems',
      });
    });

    it('lets a suspension or revocation win over every rule, and a grant come first (with the rules’ roles)', () => {
      expect(decideAccess({ app, status: 'suspended', isGlobalAdmin: false, rules: [gws], now }).allowed).toBe(false);
      expect(decideAccess({ app, status: 'revoked', isGlobalAdmin: false, rules: [gws], now }).allowed).toBe(false);
      expect(decideAccess({ app, status: 'active', isGlobalAdmin: false, rules: [gws], now })).toMatchObject({
        source: 'grant',
        roles: ['pilot'],
      });
    });

    it('tells the player why they are refused, and the admin the same about the player', () => {
      const refused = decideAccess({ app, status: null, isGlobalAdmin: false, rules: [], now });
      expect(refused).toMatchObject({ allowed: false, reason: 'You have not been granted access to this app.' });
      expect(describeDecision(refused).reason).toBe(
        'No grant, no access rule for a group the player is in, and the app is not open to every player.',
      );
      const suspended = decideAccess({ app, status: 'suspended', isGlobalAdmin: false, rules: [gws], now });
      expect(describeDecision(suspended).reason).toMatch(/^Suspended: an admin suspended the player/);
    });

    it('counts a player who left for the rule’s grace period, then no longer', () => {
      const left = rule('Galactic Weapon Systems', 'faction', { grace_hours: 2, left_at: new Date(now.getTime() - 3_600_000) });
      const decision = decideAccess({ app, status: null, isGlobalAdmin: false, rules: [left], now });
      expect(decision).toMatchObject({ allowed: true, source: 'faction Galactic Weapon Systems' });
      expect(describeDecision(decision, [left], now).reason).toBe(
        "Admitted through faction Galactic Weapon Systems until 2026-11-26T13:00:00.000Z: the player left it, and the rule's grace period still counts them.",
      );
      const later = new Date(now.getTime() + 3_600_000);
      expect(decideAccess({ app, status: null, isGlobalAdmin: false, rules: [left], now: later }).allowed).toBe(false);
      const noGrace = rule('Fleet Ops', 'custom', { left_at: now });
      expect(decideAccess({ app, status: null, isGlobalAdmin: false, rules: [noGrace], now }).allowed).toBe(false);
    });

    it('prefers a member’s rule over one in its grace period, and a rule over the bypass', () => {
      const leaving = rule('Old Guild', 'custom', { grace_hours: 5, left_at: now });
      expect(decideAccess({ app, status: null, isGlobalAdmin: false, rules: [leaving, gws], now }).source).toBe(
        'faction Galactic Weapon Systems',
      );
      expect(
        decideAccess({ app: { ...app, skip_uid_whitelist: true }, status: null, isGlobalAdmin: false, rules: [gws], now }).source,
      ).toBe('faction Galactic Weapon Systems');
    });
  });
});
