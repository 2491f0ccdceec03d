import { describe, expect, it } from 'vitest';
import { askableWhy, askWhom, isAccessChange, openReason, playerEventSentence, scopeInWords } from '../../src/domain/account-words.ts';
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

describe('officers and their groups, in the player’s words', () => {
  const row = (event: string, details: Record<string, unknown>, by_admin = true) => ({
    event,
    app_key: null,
    app_name: null,
    details,
    by_admin,
  });

  it('says who to ask for an app no joinable group admits: its managers, else an admin', () => {
    const groups = [
      { id: 'g1', name: 'Fleet Ops', kind: 'custom' },
      { id: 'g2', name: 'Galactic Weapon Systems', kind: 'faction' },
    ];
    expect(askWhom(groups, new Map([['g1', ['Talia Dorne']]]))).toBe('Ask Talia Dorne (manages Fleet Ops) or an admin');
    expect(askWhom(groups, new Map([['g1', ['Rorrwaak', 'Talia Dorne']]]))).toBe(
      'Ask Rorrwaak, Talia Dorne (manage Fleet Ops) or an admin',
    );
    expect(askWhom(groups, new Map())).toBe('Ask an admin of the portal');
  });

  it('tells of an approval with its end date and apps, a denial with its reason, an expiry and an end date passed', () => {
    const approved = row('group_request_approved', { group: 'Fleet Ops', apps_opened: ['Fleet Board'], until: '2026-11-28T04:53:00.000Z' });
    expect(playerEventSentence(approved)).toBe(
      'Your request to join Fleet Ops was approved until 2026-11-28 04:53 UTC: you may now open Fleet Board',
    );
    const denied = row('group_request_denied', { group: 'Fleet Ops', reason: 'Officers only' });
    expect(playerEventSentence(denied)).toBe('Your request to join Fleet Ops was denied: Officers only');
    const expired = row('group_request_expired', { group: 'Fleet Ops' }, false);
    expect(playerEventSentence(expired)).toBe('Your request to join Fleet Ops expired: no manager answered in time');
    const ended = row('group_membership_ended', { group: 'Fleet Ops', apps_ended: [] }, false);
    expect(playerEventSentence(ended)).toBe('Your membership of Fleet Ops reached its end date');
    // Each is news for the dashboard, even when no app changed.
    for (const r of [approved, denied, expired, ended]) expect(isAccessChange(r)).toBe(true);
    expect(isAccessChange(row('group_requested', { group: 'Fleet Ops' }, false))).toBe(false);
  });

  it('names a manager’s change as the manager’s, not an admin’s', () => {
    expect(playerEventSentence(row('group_member_added', { group: 'Fleet Ops', apps_opened: [], by_manager: true }))).toBe(
      'A manager of Fleet Ops added you to Fleet Ops',
    );
    expect(playerEventSentence(row('group_member_removed', { group: 'Fleet Ops', apps_ended: ['Fleet Board'], by_manager: true }))).toBe(
      'Your access to Fleet Board ended: a manager of Fleet Ops removed you from Fleet Ops',
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
