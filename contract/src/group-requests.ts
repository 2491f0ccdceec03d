import { z } from 'zod';
import { GroupJoining, GroupKind, MembershipSource, MembershipUntil } from './groups.ts';
import { multiLineText, optional } from './text.ts';

/** A request's note and a denial's reason: plain text a manager or the player reads. */
export const MAX_NOTE_LENGTH = 500;

/** Where a request to join a group stands. */
export const GroupRequestStatus = z.enum(['pending', 'approved', 'denied', 'withdrawn', 'expired']);
export type GroupRequestStatus = z.infer<typeof GroupRequestStatus>;

/** POST /api/me/group-requests. */
export const GroupRequestInput = z.object({
  group_id: z.uuid('group_id must be a group id (a UUID)'),
  note: optional(multiLineText('Note', { max: MAX_NOTE_LENGTH })),
});
export type GroupRequestInput = z.input<typeof GroupRequestInput>;

/** An `open` group lets the player in at once; a `request` group waits for a manager. */
export const GroupRequestOutcome = z.object({
  status: z.enum(['joined', 'pending']),
  /** The pending request (null when joined). */
  request_id: z.string().nullable(),
  message: z.string(),
});
export type GroupRequestOutcome = z.infer<typeof GroupRequestOutcome>;

/** POST /api/manage/requests/{id}/approve. */
export const ApproveRequestInput = z.object({ until: MembershipUntil.optional() });
/** POST /api/manage/requests/{id}/deny. */
export const DenyRequestInput = z.object({ reason: optional(multiLineText('Reason', { max: MAX_NOTE_LENGTH })) });

/** A group the player is in, as Your account → Groups lists it. */
export const MyGroup = z.object({
  id: z.string(),
  kind: GroupKind,
  name: z.string(),
  description: z.string(),
  source: MembershipSource,
  added_at: z.string(),
  /** When the membership ends by itself; null: it does not. */
  until: z.string().nullable(),
  /** A group an admin keeps may be left; a faction is the game's. */
  can_leave: z.boolean(),
});
export type MyGroup = z.infer<typeof MyGroup>;

/** A group the player may join at once (`open`) or ask to join (`request`), with the apps its members may open. */
export const JoinableGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  joining: GroupJoining,
  apps: z.array(z.string()),
});
export type JoinableGroup = z.infer<typeof JoinableGroup>;

/** One of the player's own requests. */
export const MyGroupRequest = z.object({
  id: z.string(),
  group_id: z.string(),
  group_name: z.string(),
  note: z.string(),
  status: GroupRequestStatus,
  created_at: z.string(),
  /** A pending request expires then unless answered. */
  expires_at: z.string(),
  answered_at: z.string().nullable(),
  /** The manager's reason for a denial. */
  reason: z.string().nullable(),
  /** The end date an approval gave the membership. */
  until: z.string().nullable(),
});
export type MyGroupRequest = z.infer<typeof MyGroupRequest>;

/** GET /api/me/groups. */
export const MyGroups = z.object({
  member_of: z.array(MyGroup),
  joinable: z.array(JoinableGroup),
  pending: z.array(MyGroupRequest),
  /** Requests answered (approved, denied, expired) in the last 30 days, newest first. */
  answered: z.array(MyGroupRequest),
});
export type MyGroups = z.infer<typeof MyGroups>;

/** A group the caller manages. */
export const ManagedGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  joining: GroupJoining,
  member_count: z.number().int().min(0),
  /** Requests waiting for an answer. */
  pending_count: z.number().int().min(0),
  /** The apps whose rules name the group. */
  apps: z.array(z.string()),
});
export type ManagedGroup = z.infer<typeof ManagedGroup>;

/** A request waiting for a manager. */
export const PendingRequest = z.object({
  id: z.string(),
  group_id: z.string(),
  group_name: z.string(),
  user_id: z.string(),
  uid: z.string(),
  name: z.string().nullable(),
  faction: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingRequest = z.infer<typeof PendingRequest>;

/** What an approval or a denial did. */
export const RequestAnswer = z.object({ status: GroupRequestStatus, until: z.string().nullable(), message: z.string() });
export type RequestAnswer = z.infer<typeof RequestAnswer>;
