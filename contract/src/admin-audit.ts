import { z } from 'zod';
import { appKeyField } from './admin-apps.ts';
import { AuditEvent } from './audit.ts';
import { DeviceKind } from './device.ts';
import { singleLineText } from './text.ts';

/** PostgreSQL's bigint, the type of an audit row's id. */
const BIGINT_MAX = 9_223_372_036_854_775_807n;

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Every field within its calendar's range (JavaScript would roll 30 February over to March; PostgreSQL refuses it). */
function isRealInstant(value: string): boolean {
  const match = INSTANT.exec(value);
  if (!match) return false; // the regex's own message says why
  const [, y, mo, d, h, mi, sec = '0', oh = '0', om = '0'] = match;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  if (
    day > new Date(Date.UTC(2000, month, 0)).getUTCDate() ||
    (month === 2 && day === 29 && new Date(Date.UTC(year, 1, 29)).getUTCMonth() !== 1)
  )
    return false;
  return Number(h) <= 23 && Number(mi) <= 59 && Number(sec) <= 59 && Number(oh) <= 15 && Number(om) <= 59;
}

/** An instant with its offset, as JavaScript's toISOString writes it; years 0001-9999 fit PostgreSQL's timestamptz. */
const instant = (label: string) =>
  singleLineText(label, { max: 40 })
    .regex(INSTANT, `${label} must be a date and time such as 2026-11-22T12:00:00Z`)
    .refine(isRealInstant, `${label} is not a real date and time`);

/**
 * Where the next page starts: `<microseconds since 1970>-<id>` of the last row shown. Opaque to a
 * script (it only hands back `next_cursor`), readable to whoever debugs it.
 */
export const AuditCursor = singleLineText('cursor', { max: 41 })
  .regex(/^\d{1,19}-\d{1,19}$/, 'cursor must be the next_cursor of an earlier page')
  // zod runs every check, so this one is given whatever the regex refused too.
  .refine(
    (v) => /^\d+-\d+$/.test(v) && v.split('-').every((part) => BigInt(part) <= BIGINT_MAX),
    'cursor must be the next_cursor of an earlier page',
  );

const AUDIT_EVENTS = Object.values(AuditEvent) as [AuditEvent, ...AuditEvent[]];

/** The filters of the Activity screen, of GET /api/admin/audit and of its export. */
export const AuditFilters = z.object({
  /** Events at or after this instant. */
  from: instant('from').optional(),
  /** Events before this instant. */
  to: instant('to').optional(),
  /** The admin who acted. */
  actor: z.uuid('actor must be a user id (a UUID)').optional(),
  /** The user the event is about. */
  user: z.uuid('user must be a user id (a UUID)').optional(),
  app: appKeyField('app').optional(),
  event: z.enum(AUDIT_EVENTS, { error: 'event must be one of the audit event codes' }).optional(),
  outcome: z.enum(['success', 'failure'], { error: 'outcome must be success or failure' }).optional(),
});
export type AuditFilters = z.output<typeof AuditFilters>;

const LIMIT_RULE = 'limit must be a whole number from 1 to 200';

/** GET /api/admin/audit: the filters, a page of `limit` newest first, from `cursor` on. */
export const AuditQuery = AuditFilters.extend({
  cursor: AuditCursor.optional(),
  limit: singleLineText('limit', { max: 10 })
    .regex(/^[0-9]+$/, LIMIT_RULE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_RULE).max(200, LIMIT_RULE))
    .default(50),
});

/** GET /api/admin/audit/export: the filters, every matching row as CSV or NDJSON. */
export const AuditExportQuery = AuditFilters.extend({
  format: z.enum(['csv', 'ndjson'], { error: 'format must be csv or ndjson' }).default('csv'),
});

/** One audit event as the Activity screen, the API and the export show it. */
export const ActivityRow = z.object({
  /** The row's id: increasing, the order forwarding delivers in. */
  id: z.string(),
  created_at: z.string(),
  event: z.string(),
  outcome: z.enum(['success', 'failure']),
  /** The user the event is about, if any; `user_name` is null before their first sign-in. */
  user_id: z.string().nullable(),
  user_uid: z.string().nullable(),
  user_name: z.string().nullable(),
  /** The admin who acted; null for a user's own events and the server's. */
  actor_id: z.string().nullable(),
  actor_uid: z.string().nullable(),
  actor_name: z.string().nullable(),
  app_key: z.string().nullable(),
  /** Null when no app is concerned or the app was deleted since. */
  app_name: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The browser and system read from `user_agent` ("Firefox on Android"); null without one. */
  device: z.string().nullable(),
  device_kind: DeviceKind.nullable(),
  /** What changed: `before` and `after` of an edit, a `reason`, a `sid`, the sync `target`... */
  details: z.record(z.string(), z.unknown()),
});
export type ActivityRow = z.infer<typeof ActivityRow>;

export const ActivityPage = z.object({
  events: z.array(ActivityRow),
  /** Hand it back as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPage>;

/** Webhook URLs: http(s), one line, short enough for a header and a log line. */
export const ForwardingInput = z.object({
  url: singleLineText('URL', { min: 1, max: 2000 }).pipe(
    z.url({ protocol: /^https?$/, error: 'URL must be an http:// or https:// address' }),
  ),
  /** The HMAC key; at least 16 characters, so that a signature cannot be guessed. */
  secret: singleLineText('Secret', { min: 16, max: 200 }),
});
export type ForwardingInput = z.input<typeof ForwardingInput>;

/** The webhook that receives every new event, and how its deliveries stand. The secret is never shown again. */
export const ForwardingState = z.object({
  configured: z.boolean(),
  url: z.string().nullable(),
  /** The last event delivered (its id), and when; deliveries start after the event that was newest when the URL was set. */
  delivered_id: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** Events written since, still to deliver (counted up to 10,000). */
  backlog: z.number().int().min(0),
  /** Failed attempts since the last success, the last failure and when. */
  failures: z.number().int().min(0),
  last_error: z.string().nullable(),
  last_failed_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ForwardingState = z.infer<typeof ForwardingState>;
