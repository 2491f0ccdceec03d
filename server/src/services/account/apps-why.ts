import type { AppsWhy, AskableApp, OpenApp } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { askableWhy, openReason } from '../../domain/account-words.ts';
import { ruleGroupsByApp } from '../../queries/access-rules.ts';
import { listAppsWithAccess } from '../../queries/apps.ts';
import { decidedFrom } from '../decisions/decide.ts';
import type { AuthContext } from '../sessions/session.ts';

/**
 * The apps the player may open, each with what admits them in their words, as the one access rule
 * decides; and the apps they may not open whose rules admit a group they are not in (an app that
 * suspended or revoked them is in neither list: no group would admit them).
 */
export async function appsWhy(deps: Pick<Deps, 'db' | 'clock'>, auth: AuthContext): Promise<AppsWhy> {
  const [apps, ruleGroups] = await Promise.all([listAppsWithAccess(deps.db, auth.user.id), ruleGroupsByApp(deps.db)]);
  const now = deps.clock.now();
  const open: OpenApp[] = [];
  const askable: AskableApp[] = [];
  for (const app of apps) {
    const decision = decidedFrom(deps, app, app, auth.isAdmin);
    const reason = openReason(decision, app.rule_matches, now);
    const card = { key: app.key, name: app.name, icon: app.icon };
    if (reason) open.push({ ...card, url: app.url, ...reason, until: reason.until?.toISOString() ?? null });
    const groups = ruleGroups.get(app.id) ?? [];
    if (!decision.allowed && decision.source === 'none' && groups.length > 0) askable.push({ ...card, groups, why: askableWhy(groups) });
  }
  return { open, askable };
}
