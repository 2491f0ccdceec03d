import { PORTAL_APP_KEY, type AccessDecisionView, type GroupKind } from '@portal/contract';

/** What an admin recorded for a player on an app; null when nothing was ever recorded. */
export type AccessStatus = 'active' | 'suspended' | 'revoked' | null;

/** An access rule of the app whose group holds the player, or held them (the game said they left). */
export interface RuleMatch {
  group: { name: string; kind: GroupKind };
  roles: readonly string[];
  scopes: readonly string[];
  grace_hours: number;
  /** When the game said the player left the group; null while a member. */
  left_at: Date | string | null;
}

export interface AccessInput {
  app: { key: string; skip_uid_whitelist: boolean; allow_global_admin: boolean };
  status: AccessStatus;
  isGlobalAdmin: boolean;
  /** The app's rules whose group holds the player (see RuleMatch); none when omitted. */
  rules?: readonly RuleMatch[];
  /** The moment of the decision: a grace period counts until then. */
  now: Date;
}

export type AccessVia = 'portal' | 'access' | 'group' | 'faction' | 'bypass' | 'global_admin';

export type AccessDecision =
  | {
      allowed: true;
      via: AccessVia;
      /** What admitted the player, in words an admin reads ("grant", "group Fleet Ops", "faction …"). */
      source: string;
      /** Roles and scopes the matching rules give (the grant's are added where tokens are made). */
      roles: string[];
      scopes: string[];
    }
  | { allowed: false; source: 'suspended' | 'revoked' | 'none'; reason: string };

const REFUSED = {
  suspended: 'Your access to this app is suspended.',
  revoked: 'Your access to this app was revoked.',
  none: 'You have not been granted access to this app.',
} as const;

/** The same refusals as an admin reads them about a player. */
const REFUSED_AS_ADMIN_READS = {
  suspended: 'Suspended: an admin suspended the player on this app, which wins over every grant and rule.',
  revoked: 'Revoked: an admin revoked the player on this app, which wins over every rule.',
  none: 'No grant, no access rule for a group the player is in, and the app is not open to every player.',
} as const;

const HOUR_MS = 3_600_000;

/** Until when a rule still counts a player who left its group; null while the player is a member. */
export function graceEndsAt(rule: Pick<RuleMatch, 'left_at' | 'grace_hours'>): Date | null {
  return rule.left_at === null ? null : new Date(new Date(rule.left_at).getTime() + rule.grace_hours * HOUR_MS);
}

/** Does the rule count the player now: a member, or one who left less than its grace period ago? */
export function ruleCounts(rule: Pick<RuleMatch, 'left_at' | 'grace_hours'>, now: Date): boolean {
  const ends = graceEndsAt(rule);
  return ends === null || ends.getTime() > now.getTime();
}

/** How a decision's `source` names a group: "group Fleet Ops", "faction Galactic Weapon Systems". */
export const groupLabel = (group: RuleMatch['group']) => `${group.kind === 'faction' ? 'faction' : 'group'} ${group.name}`;

/**
 * Who may use an app: the one rule behind forward auth, token exchange, sign-in, the dashboard,
 * the OpenID Provider and the admin screens. The portal admits every player. Elsewhere a
 * suspension or revocation recorded for the player always wins; then an active grant admits;
 * then an access rule whose group holds the player (a member, or within the rule's grace period
 * after leaving); then the UID-whitelist bypass and the global-admin allowance. The rules that
 * count give their roles and scopes, whatever admitted the player.
 */
export function decideAccess({ app, status, isGlobalAdmin, rules = [], now }: AccessInput): AccessDecision {
  if (app.key === PORTAL_APP_KEY) return { allowed: true, via: 'portal', source: 'portal', roles: [], scopes: [] };
  if (status === 'suspended' || status === 'revoked') return { allowed: false, source: status, reason: REFUSED[status] };
  // Members before those in a grace period, then groups an admin keeps before factions, then by name.
  const counting = rules
    .filter((r) => ruleCounts(r, now))
    .sort(
      (a, b) =>
        Number(a.left_at !== null) - Number(b.left_at !== null) ||
        a.group.kind.localeCompare(b.group.kind) ||
        a.group.name.localeCompare(b.group.name),
    );
  const given = {
    roles: [...new Set(counting.flatMap((r) => r.roles))].sort(),
    scopes: [...new Set(counting.flatMap((r) => r.scopes))].sort(),
  };
  if (status === 'active') return { allowed: true, via: 'access', source: 'grant', ...given };
  const rule = counting[0];
  if (rule) return { allowed: true, via: rule.group.kind === 'faction' ? 'faction' : 'group', source: groupLabel(rule.group), ...given };
  if (app.skip_uid_whitelist) return { allowed: true, via: 'bypass', source: 'bypass', ...given };
  if (isGlobalAdmin && app.allow_global_admin) return { allowed: true, via: 'global_admin', source: 'global admin', ...given };
  return { allowed: false, source: 'none', reason: REFUSED.none };
}

/** What the one access rule reads of a player on an app, as the queries select it (`accessFactsColumns`). */
export interface AccessFacts {
  access_status: AccessStatus;
  rule_matches: readonly RuleMatch[];
}

/** The one access rule on a player's facts as a query read them: every decision of the product comes through here. */
export function decideFor(app: AccessInput['app'], facts: AccessFacts, isGlobalAdmin: boolean, now: Date): AccessDecision {
  return decideAccess({ app, status: facts.access_status, rules: facts.rule_matches, isGlobalAdmin, now });
}

/** The decision as the admin screens and the player's account show it, with a sentence. */
export function describeDecision(decision: AccessDecision, rules: readonly RuleMatch[] = [], now?: Date): AccessDecisionView {
  if (!decision.allowed) return { allowed: false, source: decision.source, reason: REFUSED_AS_ADMIN_READS[decision.source] };
  const leaving = now ? rules.find((r) => r.left_at !== null && ruleCounts(r, now) && groupLabel(r.group) === decision.source) : undefined;
  const sentences: Record<AccessVia, string> = {
    portal: 'Every player may open the portal.',
    access: 'An admin granted access to this app.',
    group: `Admitted as a member of ${decision.source}.`,
    faction: `Admitted as a member of ${decision.source}.`,
    bypass: 'The app is open to every player (Bypass UID whitelist).',
    global_admin: 'Admitted as a global admin: the app allows global admins.',
  };
  const reason = leaving
    ? `Admitted through ${decision.source} until ${graceEndsAt(leaving)!.toISOString()}: the player left it, and the rule's grace period still counts them.`
    : sentences[decision.via];
  return { allowed: true, source: decision.source, reason };
}

/** The app roles a player's tokens carry: the central roles for the app, plus `admin` for a global admin it admits. */
export function rolesForApp(appRoles: readonly string[], isAdmin: boolean, allowGlobalAdmin: boolean): string[] {
  return isAdmin && allowGlobalAdmin && !appRoles.includes('admin') ? [...appRoles, 'admin'] : [...appRoles];
}

/** The grant's values and the rules' together, each once, in order. */
export const unionOf = (...lists: readonly (readonly string[])[]): string[] => [...new Set(lists.flat())].sort();
