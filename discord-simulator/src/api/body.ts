import { isSnowflake } from '../world/snowflake.ts';
import type { FieldError } from './errors.ts';

/** Discord's longest nickname. */
export const NICK_MAX = 32;

/** The fields of member bodies the simulator reads; others are accepted and ignored (see README). */
export interface MemberFields {
  access_token?: string;
  /** `null` (or "") clears the nickname. */
  nick?: string | null;
  roles?: string[];
}

const describe = (v: unknown) => JSON.stringify(v)?.slice(0, 40) ?? String(v);

/** Reads and checks a member body; every problem is named, as Discord's 50035 names them. */
export function memberFields(
  body: unknown,
  required: readonly (keyof MemberFields)[] = [],
): { fields: MemberFields } | { errors: FieldError[] } {
  if (body === undefined || body === null || body === '') body = {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    return { errors: [{ path: '', code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' }] };
  }
  const b = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  const fields: MemberFields = {};
  for (const name of required) {
    if (b[name] === undefined || b[name] === null)
      errors.push({ path: name, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
  }
  if (typeof b.access_token === 'string') fields.access_token = b.access_token;
  else if (b.access_token !== undefined && b.access_token !== null) {
    errors.push({ path: 'access_token', code: 'BASE_TYPE_STRING', message: `Could not interpret ${describe(b.access_token)} as string.` });
  }
  if (Object.hasOwn(b, 'nick')) {
    const nick = b.nick;
    if (nick === null || nick === '') fields.nick = null;
    else if (typeof nick !== 'string') {
      errors.push({ path: 'nick', code: 'BASE_TYPE_STRING', message: `Could not interpret ${describe(nick)} as string.` });
    } else if ([...nick].length > NICK_MAX) {
      errors.push({ path: 'nick', code: 'BASE_TYPE_BAD_LENGTH', message: `Must be between 1 and ${NICK_MAX} in length.` });
    } else fields.nick = nick;
  }
  if (Object.hasOwn(b, 'roles')) {
    const roles = b.roles;
    if (roles === null) fields.roles = [];
    else if (!Array.isArray(roles)) {
      errors.push({ path: 'roles', code: 'BASE_TYPE_LIST', message: `Could not interpret ${describe(roles)} as list.` });
    } else {
      roles.forEach((r, i) => {
        if (!isSnowflake(r))
          errors.push({ path: `roles.${i}`, code: 'NUMBER_TYPE_COERCE', message: `Value ${describe(r)} is not snowflake.` });
      });
      fields.roles = roles.filter(isSnowflake);
    }
  }
  return errors.length ? { errors } : { fields };
}

/** List Guild Members' query: `limit` 1..1000 (default 1) and `after` (default 0). */
export function pageQuery(query: unknown): { limit: number; after: string } | { errors: FieldError[] } {
  const q = (query ?? {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  let limit = 1;
  let after = '0';
  if (q.limit !== undefined) {
    const raw = String(q.limit);
    if (!/^-?\d+$/.test(raw))
      errors.push({ path: 'limit', code: 'NUMBER_TYPE_COERCE', message: `Value "${raw.slice(0, 40)}" is not int.` });
    else if (Number(raw) < 1)
      errors.push({ path: 'limit', code: 'NUMBER_TYPE_MIN', message: 'int value should be greater than or equal to 1.' });
    else if (Number(raw) > 1000)
      errors.push({ path: 'limit', code: 'NUMBER_TYPE_MAX', message: 'int value should be less than or equal to 1000.' });
    else limit = Number(raw);
  }
  if (q.after !== undefined) {
    const raw = String(q.after);
    if (isSnowflake(raw)) after = raw;
    else errors.push({ path: 'after', code: 'NUMBER_TYPE_COERCE', message: `Value "${String(q.after).slice(0, 40)}" is not snowflake.` });
  }
  return errors.length ? { errors } : { limit, after };
}
