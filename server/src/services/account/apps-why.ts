import type { AppsWhy, AskableApp, OpenApp } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { askableWhy, askWhom, openReason } from '../../domain/account-words.ts';
import { ruleGroupsByApp, type RuleGroup } from '../../queries/rule-groups.ts';
import { askingFacts } from '../groups/manager-checks.ts';
import { listAppsWithAccess } from '../../queries/apps.ts';
import { decideFor } from '../../domain/access.ts';
import type { AuthContext } from '../sessions/session.ts';

/**
 * The apps the player may open, each with what admits them in their words, as the one access rule
 * decides; and the apps they may not open whose rules admit a group they are not in (an app that
 * suspended or revoked them is in neither list: no group would admit them).
 */
export async function appsWhy(deps: Pick<Deps, 'db' | 'clock'>, auth: AuthContext): Promise<AppsWhy> {
  const [apps, ruleGroups] = await Promise.all([listAppsWithAccess(deps.db, auth.user.id), ruleGroupsByApp(deps.db)]);
  const ruled = [...new Set([...ruleGroups.values()].flat().map((g) => g.id))];
  const { pending, managers } = await askingFacts(deps, auth.user.id, ruled);
  const now = deps.clock.now();
  const open: OpenApp[] = [];
  const askable: AskableApp[] = [];
  for (const app of apps) {
    const decision = decideFor(app, app, auth.isAdmin, deps.clock.now());
    const reason = openReason(decision, app.rule_matches, now);
    const card = { key: app.key, name: app.name, icon: app.icon };
    if (reason) open.push({ ...card, url: app.url, ...reason, until: reason.until?.toISOString() ?? null });
    const groups = ruleGroups.get(app.id) ?? [];
    if (!decision.allowed && decision.source === 'none' && groups.length > 0) {
      askable.push({
        ...card,
        groups: groups.map(({ name, kind }) => ({ name, kind })),
        why: askableWhy(groups),
        join: groupToJoin(groups, pending),
        ask_whom: askWhom(groups, managers),
      });
    }
  }
  return { open, askable };
}

/** The group "Ask for access" joins: one asked already, else an open one (in at once), else one to ask. */
function groupToJoin(groups: readonly RuleGroup[], pending: ReadonlySet<string>): AskableApp['join'] {
  const joinable = groups.filter((g) => g.kind === 'custom' && g.joining !== 'closed');
  const pick = joinable.find((g) => pending.has(g.id)) ?? joinable.find((g) => g.joining === 'open') ?? joinable[0];
  if (!pick) return null;
  return { group_id: pick.id, group_name: pick.name, joining: pick.joining as 'open' | 'request', pending: pending.has(pick.id) };
}
