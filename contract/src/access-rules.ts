import { z } from 'zod';
import { AccessDecisionView } from './access-decision.ts';
import { RoleValue, ScopeValue } from './central-grants.ts';
import { GroupKind } from './groups.ts';
import { singleLineText } from './text.ts';

/** At most this many hours of grace before a player who left a faction loses what a rule gave. */
export const MAX_GRACE_HOURS = 24 * 365;

/** "Members of group G may open the app, with roles R and scopes S." */
export const AccessRuleInput = z.object({
  group_id: z.uuid('group_id must be a group id (a UUID)'),
  roles: z.array(RoleValue).max(50, 'A rule gives at most 50 roles').default([]),
  scopes: z.array(ScopeValue).max(50, 'A rule gives at most 50 scopes').default([]),
  /** How long a player who left the group (the game said so) still counts as in it, for this rule. */
  grace_hours: z
    .number({ error: 'grace_hours must be a number of hours' })
    .int('grace_hours must be a whole number of hours')
    .min(0, 'grace_hours must be at least 0')
    .max(MAX_GRACE_HOURS, `grace_hours must be at most ${MAX_GRACE_HOURS} (a year)`)
    .default(0),
});
export type AccessRuleInput = z.infer<typeof AccessRuleInput>;

/** PUT /api/admin/apps/{id}/access-rules and its preview: the app's whole set of rules, one per group. */
export const AccessRulesInput = z.object({
  rules: z
    .array(AccessRuleInput)
    .max(200, 'An app has at most 200 access rules')
    .refine((rules) => new Set(rules.map((r) => r.group_id)).size === rules.length, 'Each group may have one rule per app'),
});
export type AccessRulesInput = z.infer<typeof AccessRulesInput>;

export const AccessRule = AccessRuleInput.extend({
  group: z.object({
    id: z.string(),
    name: z.string(),
    kind: GroupKind,
    faction_uid: z.string().nullable(),
    member_count: z.number().int(),
  }),
});
export type AccessRule = z.infer<typeof AccessRule>;
export const AccessRules = z.object({ rules: z.array(AccessRule) });
export type AccessRules = z.infer<typeof AccessRules>;

const PreviewPlayer = z.object({ user_id: z.string(), uid: z.string(), name: z.string().nullable() });
const PreviewSide = z.object({ count: z.number().int().min(0), sample: z.array(PreviewPlayer) });

/** The rules to preview, and optionally one player asked about by name or UID ("will Mira get in?"). */
export const AccessRulesPreviewInput = AccessRulesInput.extend({
  player: singleLineText('Player', { min: 1, max: 64 }).optional(),
});
export type AccessRulesPreviewInput = z.infer<typeof AccessRulesPreviewInput>;

/** A player the question found: what the one access rule decides under the saved rules (`now`) and these (`then`). */
const PreviewMatch = PreviewPlayer.extend({ now: AccessDecisionView, then: AccessDecisionView });
export type PreviewMatch = z.infer<typeof PreviewMatch>;

/** Who new rules admit that the current ones do not, and who they stop admitting; `player` answers the one asked about. */
export const AccessRulesPreview = z.object({
  added: PreviewSide,
  removed: PreviewSide,
  player: z.object({ query: z.string(), matches: z.array(PreviewMatch) }).optional(),
});
export type AccessRulesPreview = z.infer<typeof AccessRulesPreview>;

/** "Check a player": a name or UID, as an admin types it. */
export const PlayerCheckQuery = z.object({ player: singleLineText('Player', { min: 1, max: 64 }) });
export type PlayerCheckQuery = z.infer<typeof PlayerCheckQuery>;

/** The players a check found (at most 5), each with what the one access rule decides on the app now, and why. */
export const PlayerCheck = z.object({
  query: z.string(),
  matches: z.array(PreviewPlayer.extend({ decision: AccessDecisionView })),
});
export type PlayerCheck = z.infer<typeof PlayerCheck>;

/** Counts as the console writes them everywhere: "2,000", never "2000" beside it. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** "These rules admit 14 more players and stop admitting 3". */
export function previewSentence(preview: AccessRulesPreview): string {
  const players = (n: number) => (n === 1 ? 'player' : 'players');
  const { added, removed } = preview;
  if (added.count === 0 && removed.count === 0) return 'These rules change no one’s access.';
  const [a, r] = [formatCount(added.count), formatCount(removed.count)];
  if (removed.count === 0) return `These rules admit ${a} more ${players(added.count)}.`;
  if (added.count === 0) return `These rules stop admitting ${r} ${players(removed.count)}.`;
  return `These rules admit ${a} more ${players(added.count)} and stop admitting ${r}.`;
}
