import type { GroupJoining, GroupKind } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';

/** The groups each app's rules admit (groups an admin keeps first, then factions, by name), by app id. */
export interface RuleGroup {
  id: string;
  name: string;
  kind: GroupKind;
  joining: GroupJoining;
}

export async function ruleGroupsByApp(db: DbClient): Promise<Map<string, RuleGroup[]>> {
  const { rows } = await db.query<{ app_id: string } & RuleGroup>(
    `SELECT r.app_id, g.id, g.name, g.kind, g.joining FROM app_access_rules r JOIN groups g ON g.id = r.group_id ORDER BY g.kind, lower(g.name)`,
  );
  const byApp = new Map<string, RuleGroup[]>();
  for (const { app_id, ...group } of rows) byApp.set(app_id, [...(byApp.get(app_id) ?? []), group]);
  return byApp;
}
