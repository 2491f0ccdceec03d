import { z } from 'zod';
import { singleLineText } from './text.ts';

/** Discord ids are snowflakes: 64-bit integers written as decimal strings. */
const Snowflake = (label: string) =>
  singleLineText(label, { min: 1, max: 20 }).regex(/^[0-9]{1,20}$/, `${label} must be a Discord id (digits only, as Discord shows it)`);

/** What happens to a linked player who should hold none of the managed roles any more. */
const DiscordOnLeave = z.enum(['remove_roles', 'kick'], { error: 'on_leave must be "remove_roles" or "kick"' });
type DiscordOnLeave = z.infer<typeof DiscordOnLeave>;

/** Whether the reconcile puts the managed roles right, or only reports what differs. */
const DiscordReconcileMode = z.enum(['fix', 'report'], { error: 'reconcile must be "fix" or "report"' });
type DiscordReconcileMode = z.infer<typeof DiscordReconcileMode>;

/** The nickname template: `{name}` (the character's name) and `{faction}` (its faction's name). */
const NicknameTemplate = singleLineText('Nickname template', { min: 1, max: 100 }).refine(
  (value) => value.includes('{name}') || value.includes('{faction}'),
  { message: 'Nickname template must contain {name} or {faction}' },
);

/** PUT /api/admin/discord. The secrets are write-only: left out, the stored ones stay. */
export const DiscordConnectionInput = z.object({
  client_id: Snowflake('Client ID'),
  client_secret: singleLineText('Client secret', { min: 1, max: 200 }).optional(),
  bot_token: singleLineText('Bot token', { min: 1, max: 200 }).optional(),
  guild_id: Snowflake('Server ID'),
  on_leave: DiscordOnLeave.default('remove_roles'),
  nickname: NicknameTemplate.nullable().default(null),
  reconcile: DiscordReconcileMode.default('fix'),
});
export type DiscordConnectionInput = z.input<typeof DiscordConnectionInput>;

/** A count and the first few names it counts. */
export const CountedSample = z.object({ count: z.number().int().min(0), sample: z.array(z.string()) });
export type CountedSample = z.infer<typeof CountedSample>;

/** Whether the connection works, in words. */
export const DiscordStatus = z.object({
  ok: z.boolean(),
  guild_name: z.string().nullable(),
  /** The bot's highest role, by name. */
  bot_role: z.string().nullable(),
  /** Every reason it does not fully work, as a sentence an admin acts on. */
  problems: z.array(z.string()),
  /** When Discord last answered the portal (ISO 8601), null: never. */
  last_answer_at: z.string().nullable(),
});
export type DiscordStatus = z.infer<typeof DiscordStatus>;

/** The last reconcile: when it ran and what it found or changed, in words. */
const DiscordReconcileRun = z.object({ at: z.string(), summary: z.string() });
type DiscordReconcileRun = z.infer<typeof DiscordReconcileRun>;

/** POST /api/admin/discord/reconcile(/preview): the role changes, by member ("drex.holloway: Galactic Weapon Systems"). */
export const DiscordReconcilePreview = z.object({ add: CountedSample, remove: CountedSample });
export type DiscordReconcilePreview = z.infer<typeof DiscordReconcilePreview>;

/** GET /api/admin/discord. `connected` is false (and the ids empty) before an admin connects a server. */
export const DiscordConnection = z.object({
  connected: z.boolean(),
  client_id: z.string(),
  guild_id: z.string(),
  client_secret_set: z.boolean(),
  bot_token_set: z.boolean(),
  on_leave: DiscordOnLeave,
  nickname: z.string().nullable(),
  reconcile: DiscordReconcileMode,
  status: DiscordStatus,
  last_reconcile: DiscordReconcileRun.nullable(),
});
export type DiscordConnection = z.infer<typeof DiscordConnection>;

/** One role of the server, as the portal may use it. */
export const DiscordRole = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  managed: z.boolean(),
  /** The bot may give and take it: below the bot's highest role, not managed, not @everyone. */
  assignable: z.boolean(),
});
export type DiscordRole = z.infer<typeof DiscordRole>;

/** "Members of group or faction G hold Discord role R". */
export const DiscordRoleRule = z.object({
  group_id: z.uuid('group_id must be a group id (a UUID)'),
  role_id: Snowflake('role_id'),
});
export type DiscordRoleRule = z.infer<typeof DiscordRoleRule>;

export const DiscordRoleRules = z.object({
  rules: z.array(DiscordRoleRule).max(500, 'At most 500 role rules'),
});
export type DiscordRoleRules = z.infer<typeof DiscordRoleRules>;

/** POST /api/admin/discord/role-rules/preview: linked players who would gain and lose roles ("Mira Solan: Industry"). */
export const DiscordRulePreview = z.object({ added: CountedSample, removed: CountedSample });
export type DiscordRulePreview = z.infer<typeof DiscordRulePreview>;

/** GET /api/me/discord (and the user page's link). */
export const DiscordLink = z.object({
  linked: z.boolean(),
  id: z.string().optional(),
  username: z.string().optional(),
});
export type DiscordLink = z.infer<typeof DiscordLink>;
