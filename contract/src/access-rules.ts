import { z } from 'zod';
import { RoleValue, ScopeValue } from './central-grants.ts';
import { GroupKind } from './groups.ts';

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

/** Who new rules admit that the current ones do not, and who they stop admitting. */
export const AccessRulesPreview = z.object({ added: PreviewSide, removed: PreviewSide });
export type AccessRulesPreview = z.infer<typeof AccessRulesPreview>;

/** "These rules admit 14 more players and stop admitting 3". */
export function previewSentence(preview: AccessRulesPreview): string {
  const players = (n: number) => (n === 1 ? 'player' : 'players');
  const { added, removed } = preview;
  if (added.count === 0 && removed.count === 0) return 'These rules change no one’s access.';
  if (removed.count === 0) return `These rules admit ${added.count} more ${players(added.count)}.`;
  if (added.count === 0) return `These rules stop admitting ${removed.count} ${players(removed.count)}.`;
  return `These rules admit ${added.count} more ${players(added.count)} and stop admitting ${removed.count}.`;
}
