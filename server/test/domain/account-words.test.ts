import { describe, expect, it } from 'vitest';
import { askableWhy, isAccessChange, openReason, playerEventSentence, scopeInWords } from '../../src/domain/account-words.ts';
import { decideAccess, type RuleMatch } from '../../src/domain/access.ts';

const now = new Date('2026-11-22T12:00:00Z');
const app = { key: 'fleet', skip_uid_whitelist: false, allow_global_admin: false };
const rule = (name: string, kind: 'custom' | 'faction', left_at: string | null = null, grace_hours = 0): RuleMatch => ({
  group: { name, kind },
  roles: [],
  scopes: [],
  grace_hours,
  left_at,
});
const why = (input: Partial<Parameters<typeof decideAccess>[0]>) => {
  const rules = input.rules ?? [];
  return openReason(decideAccess({ app, status: null, isGlobalAdmin: false, now, ...input, rules }), rules, now);
};

describe('why the player may open an app, in their words', () => {
  it('names what admitted them', () => {
    expect(why({ status: 'active' })).toEqual({ via: 'grant', group: null, why: 'granted by an admin', until: null });
    expect(why({ rules: [rule('Galactic Weapon Systems', 'faction')] })).toEqual({
      via: 'faction',
      group: 'Galactic Weapon Systems',
      why: 'through your faction Galactic Weapon Systems',
      until: null,
    });
    expect(why({ rules: [rule('Fleet Ops', 'custom')] })?.why).toBe('through your group Fleet Ops');
    expect(why({ app: { ...app, skip_uid_whitelist: true } })?.why).toBe('open to every player');
    expect(why({ app: { ...app, allow_global_admin: true }, isGlobalAdmin: true })?.why).toBe('as a global admin');
  });

  it('says until when a grace period after leaving still admits them', () => {
    const leaving = rule('Galactic Weapon Systems', 'faction', '2026-11-22T10:00:00Z', 24);
    expect(why({ rules: [leaving] })).toEqual({
      via: 'faction',
      group: 'Galactic Weapon Systems',
      why: 'through your former faction Galactic Weapon Systems, until its grace period ends',
      until: new Date('2026-11-23T10:00:00Z'),
    });
  });

  it('lists no refusal as a reason to open', () => {
    expect(why({ status: 'suspended', rules: [rule('Fleet Ops', 'custom')] })).toBeNull();
    expect(why({ status: 'revoked' })).toBeNull();
    expect(why({})).toBeNull();
  });

  it('names the groups that would admit them to an app they cannot open', () => {
    expect(askableWhy([{ name: 'Fleet Ops', kind: 'custom' }])).toBe('Open to members of the group Fleet Ops');
    expect(
      askableWhy([
        { name: 'Pilots', kind: 'custom' },
        { name: 'Crew', kind: 'custom' },
        { name: 'Galactic Weapon Systems', kind: 'faction' },
      ]),
    ).toBe('Open to members of the group Pilots, the group Crew or the faction Galactic Weapon Systems');
  });
});

describe("the player's events, in their words", () => {
  const sentence = (event: string, details: Record<string, unknown> = {}, app_name: string | null = null, by_admin = false) =>
    playerEventSentence({ event, app_key: app_name ? 'x' : null, app_name, details, by_admin });

  it('says a lost group in the words of the change', () => {
    expect(sentence('group_left', { group: 'Galactic Weapon Systems', apps_ended: ['Fleet Ops'] })).toBe(
      'Your access to Fleet Ops ended: you left Galactic Weapon Systems',
    );
    expect(sentence('group_left', { group: 'Galactic Weapon Systems', apps_ended: ['Fleet Ops', 'Holonet', 'Armory'] })).toBe(
      'Your access to Fleet Ops, Holonet and Armory ended: you left Galactic Weapon Systems',
    );
    expect(sentence('group_left', { group: 'Galactic Weapon Systems', apps_ended: ['Fleet Ops'], grace_ended: true })).toBe(
      'Your access to Fleet Ops ended: the grace period after you left Galactic Weapon Systems ran out',
    );
    expect(sentence('group_left', { group: 'Galactic Weapon Systems', apps_ended: [] })).toBe('You left Galactic Weapon Systems');
    expect(sentence('group_member_removed', { group: 'Pilots', apps_ended: ['Holonet'] }, null, true)).toBe(
      'Your access to Holonet ended: an admin removed you from Pilots',
    );
  });

  it('never names the admin, and says what each event did', () => {
    expect(sentence('access_granted', {}, 'Wiki', true)).toBe('An admin gave you access to Wiki');
    expect(sentence('access_revoked', {}, 'Wiki', true)).toBe('An admin revoked your access to Wiki');
    expect(sentence('role_granted', { value: 'editor' }, 'Wiki', true)).toBe('An admin gave you the role editor on Wiki');
    expect(sentence('login')).toBe('You signed in');
    expect(sentence('login', {}, 'Wiki')).toBe('You signed in to Wiki');
    expect(sentence('login_denied', { reason: 'You have not been granted access to this app.' }, 'Wiki')).toBe(
      'A sign-in to Wiki was refused (You have not been granted access to this app.)',
    );
    expect(sentence('session_signed_out', { device: 'Firefox on Android' })).toBe('You signed out Firefox on Android');
    expect(sentence('other_sessions_signed_out', { sessions_ended: 1 })).toBe('You signed out everywhere else (1 session)');
    expect(sentence('app_disconnected', {}, 'Wiki')).toBe('You disconnected Wiki');
    expect(sentence('swc_token_exchanged', {}, 'Hauler')).toBe('Hauler acted on SWCombine for you');
    expect(sentence('login', {}, null)).toBe('You signed in');
  });

  it('reads the portal as no app, and an event it does not know by its label', () => {
    expect(playerEventSentence({ event: 'login', app_key: 'portal', app_name: 'Portal', details: {}, by_admin: false })).toBe(
      'You signed in',
    );
    expect(sentence('sync_failed')).toBe('Data sync failed');
  });

  it('tells of a change that gave or ended access, not of a leave that ended nothing', () => {
    expect(isAccessChange({ event: 'access_suspended', details: {} })).toBe(true);
    expect(isAccessChange({ event: 'group_left', details: { group: 'GWS', apps_ended: ['Fleet Ops'] } })).toBe(true);
    expect(isAccessChange({ event: 'group_left', details: { group: 'GWS', apps_ended: [] } })).toBe(false);
    expect(isAccessChange({ event: 'login', details: {} })).toBe(false);
    expect(isAccessChange({ event: 'group_member_added', details: { group: 'Pilots', apps_opened: ['Depot'] } })).toBe(true);
    expect(isAccessChange({ event: 'group_member_added', details: { group: 'Pilots', apps_opened: [] } })).toBe(false);
    expect(isAccessChange({ event: 'access_ended', details: { cause: 'rules_changed', apps_ended: ['Depot'] } })).toBe(true);
  });

  it('says what an admin’s change to groups or rules opened or ended, without naming the admin', () => {
    expect(sentence('group_member_added', { group: 'Pilots', apps_opened: ['Depot', 'Wiki'] }, null, true)).toBe(
      'An admin added you to Pilots: you may now open Depot and Wiki',
    );
    expect(sentence('group_member_added', { group: 'Pilots', apps_opened: [] }, null, true)).toBe('An admin added you to Pilots');
    expect(sentence('access_opened', { cause: 'rules_changed', app: 'Depot', apps_opened: ['Depot'] }, null, true)).toBe(
      'You may now open Depot: an admin changed who may open it',
    );
    expect(sentence('access_ended', { cause: 'group_deleted', group: 'Pilots', apps_ended: ['Depot', 'Wiki'] }, null, true)).toBe(
      'Your access to Depot and Wiki ended: an admin deleted the group Pilots',
    );
  });
});

describe('scopes in words', () => {
  it('says what each standard scope lets the app do, and names one an admin granted', () => {
    expect(scopeInWords('offline_access')).toBe('Act while you are away');
    expect(scopeInWords('email')).toBe('See your email address');
    expect(scopeInWords('wiki:edit')).toBe('Use the permission “wiki:edit” an admin granted you');
  });
});
