import type { Group, GroupMember, UserGroup } from '@portal/contract';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { reply, type StubCall } from './fetch-stub.ts';
import { testUuid } from './fixtures.ts';

/** A row of GET /api/admin/groups: a group an admin keeps, numbered for tests. */
export function customGroup(n: number, overrides: Partial<Group> = {}): Group {
  const group: Omit<Group, 'sent_as'> = {
    id: testUuid(n, '20000000'),
    kind: 'custom',
    name: `Group ${n}`,
    description: '',
    faction_uid: null,
    member_count: 0,
    app_count: 0,
    shown_to_apps: false,
    roster: null,
    joining: 'closed',
    manager_count: 0,
    created_at: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
  // Apps receive a group under its own name unless told otherwise.
  return { ...group, sent_as: overrides.sent_as ?? group.name };
}

/** A faction group, its roster read and readable unless told otherwise. */
export function factionGroup(n: number, overrides: Partial<Group> = {}): Group {
  return customGroup(n, {
    kind: 'faction',
    name: 'Galactic Weapon Systems',
    faction_uid: '20:2400',
    roster: { read_at: null, error: null, finished_at: null, readable: true },
    ...overrides,
  });
}

/** A member of a group, numbered for tests, in it since the start of 2025. */
export function groupMember(n: number, overrides: Partial<GroupMember> = {}): GroupMember {
  return {
    user_id: testUuid(n),
    uid: `1:${100000 + n}`,
    name: `Pilot ${String(n).padStart(3, '0')}`,
    source: 'admin',
    added_at: '2025-01-01T10:00:00.000Z',
    left_at: null,
    until: null,
    ...overrides,
  };
}

/** A group of a player's (GET /api/admin/users/{id}/groups). */
export function userGroup(group: Group, overrides: Partial<UserGroup> = {}): UserGroup {
  return {
    id: group.id,
    kind: group.kind,
    name: group.name,
    faction_uid: group.faction_uid,
    source: group.kind === 'faction' ? 'sign-in' : 'admin',
    added_at: '2025-01-01T10:00:00.000Z',
    left_at: null,
    until: null,
    ...overrides,
  };
}

/** GET …/members answered like the server: q filters name or UID, limit/offset page, the total in X-Total-Count. */
export function membersRoute(members: readonly GroupMember[]) {
  return (call: StubCall) => {
    const url = new URL(call.url);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const matching = members.filter((m) => !q || (m.name ?? '').toLowerCase().includes(q) || m.uid.includes(q));
    return reply(200, matching.slice(offset, offset + limit), { 'x-total-count': String(matching.length) });
  };
}

/**
 * Picks `at` (to the minute, in the browser's time zone) in an end-date field: opens its calendar, turns to the month,
 * picks the day, types the time and sets it, as a manager would.
 */
export async function pickUntil(user: UserEvent, at: Date): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'End date (optional)' }));
  const month = (d: Date) => d.getFullYear() * 12 + d.getMonth();
  for (let shown = month(new Date()); shown < month(at); shown++)
    await user.click(await screen.findByRole('button', { name: 'Next month' }));
  const day = `${at.getDate()} ${at.toLocaleDateString('en', { month: 'long' })} ${at.getFullYear()}`;
  await user.click(await screen.findByRole('button', { name: day }));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = screen.getByRole('spinbutton', { name: 'Hours' });
  await user.clear(hours);
  await user.type(hours, pad(at.getHours()));
  const minutes = screen.getByRole('spinbutton', { name: 'Minutes' });
  await user.clear(minutes);
  await user.type(minutes, pad(at.getMinutes()));
  await user.click(screen.getByRole('button', { name: 'Set end date' }));
}
