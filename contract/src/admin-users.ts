import { z } from 'zod';
import { CurrentUser } from './me.ts';

/** SWCombine character UIDs are "1:<number>". */
export const CharacterUid = z
  .string({ error: 'UID is required' })
  .trim()
  .min(1, 'UID is required')
  .regex(/^1:[0-9]{1,12}$/, 'UID must be a SWCombine character UID such as 1:12345');

export const AddUserInput = z.object({ uid: CharacterUid });

/** `name` is null until the user's first sign-in (a user added by UID has only the UID). */
export const AdminUser = CurrentUser.pick({ id: true, uid: true, image: true, race: true, faction: true }).extend({
  name: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserList = z.array(AdminUser);

/** GET /api/admin/users: optional search (name or UID) and paging; the total is in X-Total-Count. */
export const UserListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** '' means no access; the screens show it as 'none'. */
export const AccessStatus = z.object({ status: z.enum(['active', 'suspended', '']) });
export type AccessStatus = z.infer<typeof AccessStatus>;

export const UserAccessRow = z.object({ app_name: z.string(), app_key: z.string(), status: z.enum(['active', 'suspended', '']) });
export type UserAccessRow = z.infer<typeof UserAccessRow>;

export const SessionRow = z.object({
  app_key: z.string().nullable(),
  sid: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
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
  expires_at: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRow>;

/** An empty access status is displayed as 'none'. */
export const displayStatus = (status: string | null | undefined) => (status ? status : 'none');
