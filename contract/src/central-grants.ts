import { z } from 'zod';
import { singleLineText } from './text.ts';

export const CentralGrantsQuery = z.object({
  userId: z.uuid('userId must be a user id'),
  appId: z.uuid('appId must be an app id'),
});

/** Central consent scopes and central roles a user holds for an app. */
export const CentralGrants = z.object({ scp: z.array(z.string()), roles: z.array(z.string()) });
export type CentralGrants = z.infer<typeof CentralGrants>;

// Scopes and roles are protocol tokens: they travel unchanged in the `scp` and `roles` claims of a
// JWT and in the `X-Auth-Request-Roles` header, whose values are Latin-1 and comma-separated.
/** RFC 6749 §3.3 scope-token: printable ASCII but space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
/** The same, and no comma: the roles header separates roles with commas. */
const ROLE_NAME = /^[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]+$/;

export const SCOPE_RULE = 'A scope may hold only letters, digits and ASCII symbols: no spaces, accents, quotes (") or backslashes (\\).';
export const ROLE_RULE =
  'A role may hold only letters, digits and ASCII symbols: no spaces, accents, commas, quotes (") or backslashes (\\).';

export const isScopeToken = (value: string): boolean => SCOPE_TOKEN.test(value);
export const isRoleName = (value: string): boolean => ROLE_NAME.test(value);

const target = {
  userId: z.uuid('userId must be a user id'),
  appId: z.uuid('appId must be an app id'),
};
const grantValue = (label: string, pattern: RegExp, rule: string) => singleLineText(label, { min: 1, max: 200 }).regex(pattern, rule);
/** One scope as a grant or an access rule gives it. */
export const ScopeValue = grantValue('Scope', SCOPE_TOKEN, SCOPE_RULE);
/** One central role as a grant or an access rule gives it. */
export const RoleValue = grantValue('Role', ROLE_NAME, ROLE_RULE);

/** POST /api/admin/consents/grant */
export const ScopeGrantInput = z.object({ ...target, value: ScopeValue });
/** POST /api/admin/roles/grant */
export const RoleGrantInput = z.object({ ...target, value: RoleValue });
/** The revocations take any value that can be stored, so a value stored before the rules above can still be removed. */
export const RevokeInput = z.object({ ...target, value: singleLineText('Value', { min: 1, max: 200 }) });

/** Scope and role inputs are trimmed; empty ones are ignored. */
export const cleanGrantValue = (value: string): string | null => value.trim() || null;
