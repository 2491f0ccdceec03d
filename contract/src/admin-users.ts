import { z } from 'zod';
import { AccessDecisionView } from './access-decision.ts';
import { DeviceKind } from './device.ts';
import { CurrentUser } from './me.ts';
import { singleLineText } from './text.ts';

/** SWCombine character UIDs are "1:<number>". */
export const CharacterUid = singleLineText('UID', { min: 1, max: 20 }).regex(
  /^1:[0-9]{1,12}$/,
  'UID must be a SWCombine character UID such as 1:12345',
);

export const AddUserInput = z.object({ uid: CharacterUid });

/** `name` is null until the user's first sign-in (a user added by UID has only the UID). */
export const AdminUser = CurrentUser.pick({ id: true, uid: true, image: true, race: true, faction: true }).extend({
  name: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserList = z.array(AdminUser);

/** A whole number given as query text: digits only, so no sign, space or control character slips through. */
export const wholeNumber = (label: string, min: number, max: number) =>
  singleLineText(label, { max: 10 })
    .regex(/^[0-9]+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`));

/** A session's public id (its `sid`), as the session lists and the id_token name it. */
export const SessionId = singleLineText('Session id (sid)', { min: 1, max: 64 }).regex(
  /^[A-Za-z0-9_-]+$/,
  'Session id (sid) is not a session id',
);

/** GET /api/admin/users: optional search (name or UID) and paging; the total is in X-Total-Count. */
export const UserListQuery = z.object({
  q: singleLineText('Search', { max: 100 }).optional(),
  limit: wholeNumber('limit', 1, 200).default(50),
  offset: wholeNumber('offset', 0, 1_000_000_000).default(0),
});

/**
 * GET /api/admin/users/{id}/sessions and /audit: newest first, a page of `limit` from `offset` when
 * `limit` is given (else every live session, and the latest 200 audit entries); the total is in X-Total-Count.
 */
export const UserDetailPageQuery = z.object({
  limit: wholeNumber('limit', 1, 200).optional(),
  offset: wholeNumber('offset', 0, 1_000_000_000).default(0),
});

/** GET /api/admin/apps/{id}/access: a page of `limit` from `offset`; the total is in X-Total-Count. */
export const AppAccessQuery = z.object({
  limit: wholeNumber('limit', 1, 200).default(50),
  offset: wholeNumber('offset', 0, 1_000_000_000).default(0),
});

/**
 * A player with an access record of their own on one app: a grant, a suspension or a revocation (not
 * those the app admits without one, through the UID-whitelist bypass or as a global admin).
 */
export const AppAccessRow = z.object({
  user_id: z.string(),
  uid: z.string(),
  /** Null until the player's first sign-in. */
  name: z.string().nullable(),
  image: z.string().nullable(),
  status: z.enum(['active', 'suspended', 'revoked']),
  /** When the status was last set. */
  updated_at: z.string(),
});
export type AppAccessRow = z.infer<typeof AppAccessRow>;

/** DELETE /api/admin/users/{id}/sessions: how many live sessions were ended. */
export const EndedSessions = z.object({ ended: z.number().int().min(0) });

/** An admin's End all sessions: how many sessions ended, and how many apps were disconnected when asked to. */
export const EndedUserSessions = EndedSessions.extend({ apps_disconnected: z.number().int().min(0).optional() });
export type EndedUserSessions = z.infer<typeof EndedUserSessions>;

/** DELETE /api/admin/users/{id}/sessions: `disconnect_apps=true` also ends every app's grant (its refresh tokens too). */
export const EndAllSessionsQuery = z.object({
  disconnect_apps: z.enum(['true', 'false'], 'disconnect_apps must be true or false').optional(),
});
export type EndedSessions = z.infer<typeof EndedSessions>;

/**
 * `status` is what an admin recorded: '' means nothing was (the screens show it as 'none'); the
 * player may still be admitted by a group, a faction, the app's bypass or as a global admin, which
 * `decision` says.
 */
export const AccessStatus = z.object({ status: z.enum(['active', 'suspended', 'revoked', '']), decision: AccessDecisionView });
export type AccessStatus = z.infer<typeof AccessStatus>;

export const UserAccessRow = z.object({
  app_name: z.string(),
  app_key: z.string(),
  status: z.enum(['active', 'suspended', 'revoked', '']),
  decision: AccessDecisionView,
});
export type UserAccessRow = z.infer<typeof UserAccessRow>;

export const SessionRow = z.object({
  app_key: z.string().nullable(),
  sid: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The browser and system read from the user agent, as Your account names them: "Firefox on Android". */
  device: z.string(),
  device_kind: DeviceKind,
  expires_at: z.string(),
});
export type SessionRow = z.infer<typeof SessionRow>;

/**
 * One audit entry about a user. `details` is what changed (e.g. `{ value: 'staff' }` for a role,
 * `{ sid }`, `{ reason }`, `{ via }`); `actor_name` is the acting admin, null for the user's own
 * events; `app_name` is null when no app is concerned or the app was deleted since.
 */
export const AuditRow = z.object({
  created_at: z.string(),
  event: z.string(),
  app_key: z.string().nullable(),
  app_name: z.string().nullable(),
  actor_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The browser and system read from `user_agent`; null without one. */
  device: z.string().nullable(),
  device_kind: DeviceKind.nullable(),
  expires_at: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRow>;

/** An empty access status is displayed as 'none'. */
export const displayStatus = (status: string | null | undefined) => (status ? status : 'none');
