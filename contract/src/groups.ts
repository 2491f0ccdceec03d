import { z } from 'zod';
import { CharacterUid, UserListQuery } from './admin-users.ts';
import { multiLineText, singleLineText } from './text.ts';

/** A group an admin keeps, or a SWCombine faction, kept by the game. */
export const GroupKind = z.enum(['custom', 'faction']);
export type GroupKind = z.infer<typeof GroupKind>;

/** A faction that shares a group's name travels to apps with its UID in brackets: no group an admin keeps may end like that. */
const FACTION_SUFFIX = /\(\s*20:[0-9]+\s*\)$/;

/**
 * How players come into a group an admin keeps: `closed` (only managers and admins add them, the default, and always so
 * for a faction), `request` (players ask, a manager approves), `open` (players join at once).
 */
export const GroupJoining = z.enum(['closed', 'request', 'open'], { error: 'joining must be closed, request or open' });
export type GroupJoining = z.infer<typeof GroupJoining>;

/** The end of a membership an approval or an add gives: a date and time with its offset. */
export const MembershipUntil = z.iso.datetime({ offset: true, error: 'until must be a date and time such as 2026-12-01T18:00:00Z' });

/** POST /api/admin/groups and PUT /api/admin/groups/{id}. */
export const GroupInput = z.object({
  name: singleLineText('Name', { min: 1, max: 100 }).refine((name) => !FACTION_SUFFIX.test(name), {
    message: 'Name must not end in a faction UID in brackets such as (20:2400): apps receive a faction that shares a group’s name that way',
  }),
  description: multiLineText('Description', { max: 1000 }).default(''),
  /** Left out: as it was (a new group is closed). */
  joining: GroupJoining.optional(),
});
export type GroupInput = z.infer<typeof GroupInput>;

/** PUT /api/admin/groups/{id}/shown-to-apps. */
export const GroupShownToApps = z.object({
  shown_to_apps: z.boolean({ error: 'shown_to_apps must be true or false' }),
});
export type GroupShownToApps = z.infer<typeof GroupShownToApps>;

/** How the portal reads a faction's member list from SWCombine. */
export const RosterStatus = z.object({
  /** When the member list was last read whole (ISO 8601), null: never. */
  read_at: z.string().nullable(),
  /** Why the last read failed, in words; null after a good read. */
  error: z.string().nullable(),
  /** When the last read ended, well or not (ISO 8601); null: none has. */
  finished_at: z.string().nullable(),
  /** A connected SWCombine binding may read it (its grant holds `faction_members` for this faction). */
  readable: z.boolean(),
});
export type RosterStatus = z.infer<typeof RosterStatus>;

export const Group = z.object({
  id: z.string(),
  kind: GroupKind,
  name: z.string(),
  description: z.string(),
  /** The faction's UID for a faction group, null for a group an admin keeps. */
  faction_uid: z.string().nullable(),
  member_count: z.number().int().min(0),
  /** How many apps' access rules name the group. */
  app_count: z.number().int().min(0),
  /**
   * Every app is told when a player is in the group (X-Auth-Request-Groups, the groups claim); otherwise only the apps
   * whose access rules name it.
   */
  shown_to_apps: z.boolean(),
  /** The name apps receive: the group's own, or for a faction that shares another group's name, "Name (20:2400)". */
  sent_as: z.string(),
  /** Faction groups only. */
  roster: RosterStatus.nullable(),
  /** How players come in (a faction: always closed). */
  joining: GroupJoining,
  /** How many players manage it. */
  manager_count: z.number().int().min(0),
  created_at: z.string(),
});
export type Group = z.infer<typeof Group>;
export const GroupList = z.array(Group);

/** How a player came to be in a group. */
export const MembershipSource = z.enum(['admin', 'sign-in', 'roster', 'manager', 'joined', 'approved']);
export type MembershipSource = z.infer<typeof MembershipSource>;

export const GroupMember = z.object({
  user_id: z.string(),
  uid: z.string(),
  /** Null until the player's first sign-in or roster read. */
  name: z.string().nullable(),
  source: MembershipSource,
  added_at: z.string(),
  /** When the game said the player left (a faction group), while an access rule's grace period still counts it. */
  left_at: z.string().nullable(),
  /** When the membership ends by itself (an approval's or an add's end date); null: it does not. */
  until: z.string().nullable(),
});
export type GroupMember = z.infer<typeof GroupMember>;

/** GET /api/admin/groups/{id}/members: search (name or UID) and paging; the total is in X-Total-Count. */
export const GroupMemberQuery = UserListQuery;

/** At most this many UIDs in one bulk add. */
export const MAX_UIDS_AT_ONCE = 1000;

const UidList = z
  .array(CharacterUid)
  .min(1, 'Give at least one UID')
  .max(MAX_UIDS_AT_ONCE, `Give at most ${MAX_UIDS_AT_ONCE} UIDs at once`);

/** POST /api/admin/groups/{id}/members (and a manager's): `until` ends the memberships it gives then. */
export const AddMembersInput = z.object({ uids: UidList, until: MembershipUntil.optional() });

/** PUT /api/admin/groups/{id}/managers: the whole list (empty: nobody but the admins). */
export const SetManagersInput = z.object({
  uids: z.array(CharacterUid).max(100, 'Give at most 100 managers'),
});

/** A player who manages a group. */
export const GroupManager = z.object({ user_id: z.string(), uid: z.string(), name: z.string().nullable() });
export type GroupManager = z.infer<typeof GroupManager>;
export const AddedMembers = z.object({
  /** Players who were not in the group before. */
  added: z.number().int().min(0),
  /** Players already in it. */
  already: z.number().int().min(0),
  /** UIDs the portal had never seen: added as users first, as Users → Add does. */
  new_users: z.number().int().min(0),
  /**
   * UIDs SWCombine never named to the portal (no sign-in, on no faction roster it read): SWCombine answers
   * who a character is only to that character, so a mistyped UID shows here.
   */
  unknown_to_game: z.array(z.string()),
});
export type AddedMembers = z.infer<typeof AddedMembers>;

/** A faction SWCombine lists; `group_id` once the portal has its group (a player of it signed in, a roster, a rule). */
export const ListedFaction = z.object({ faction_uid: z.string(), name: z.string(), group_id: z.string().nullable() });
export type ListedFaction = z.infer<typeof ListedFaction>;

/** SWCombine's faction list, read once a day; `read_at` null before the first read. */
export const FactionList = z.object({ read_at: z.string().nullable(), factions: z.array(ListedFaction) });
export type FactionList = z.infer<typeof FactionList>;

/**
 * Pasted UIDs, one per line or separated by spaces or commas: the distinct ones in order, and the
 * pieces that are not UIDs (so the form can name them).
 */
export function parseUidList(text: string): { uids: string[]; invalid: string[] } {
  const pieces = text.split(/[\s,;]+/).filter(Boolean);
  const uids: string[] = [];
  const invalid: string[] = [];
  for (const piece of pieces) {
    if (CharacterUid.safeParse(piece).success) {
      if (!uids.includes(piece)) uids.push(piece);
    } else invalid.push(piece);
  }
  return { uids, invalid };
}

/** POST /api/admin/groups/refresh: faction rosters queued for reading now. */
export const RosterRefresh = z.object({
  queued: z.number().int().min(0),
  message: z.string(),
  /** When the reads were asked for (ISO 8601): each is over once its roster's `finished_at` is later. Null when none was queued. */
  requested_at: z.string().nullable(),
});
export type RosterRefresh = z.infer<typeof RosterRefresh>;

/** A group as a player's page lists it. */
export const UserGroup = z.object({
  id: z.string(),
  kind: GroupKind,
  name: z.string(),
  faction_uid: z.string().nullable(),
  source: MembershipSource,
  added_at: z.string(),
  left_at: z.string().nullable(),
  until: z.string().nullable(),
});
export type UserGroup = z.infer<typeof UserGroup>;
