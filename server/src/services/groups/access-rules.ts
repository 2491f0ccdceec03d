import { AuditEvent, PORTAL_APP_KEY, type AccessRuleInput, type AccessRules, type AccessRulesPreview } from '@portal/contract';
import { inRolledBackTransaction, inTransaction, type DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { NotFound, Refused } from '../../lib/errors.ts';
import { listAccessRules, membersOfGroups, playersByIds, replaceAccessRules } from './queries/access-rules.ts';
import { findAppById } from '../../queries/apps.ts';
import { findGroupsByIds } from './queries/groups.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { tellPlayers } from './players-told.ts';
import { accessChangeIn, decideAround, type AccessChange } from './access-follows.ts';

const SAMPLE = 10;

async function mustBeRuledApp(db: DbClient, id: string) {
  const app = await findAppById(db, id);
  if (!app) throw new NotFound('No app with this id.');
  if (app.key === PORTAL_APP_KEY) throw new Refused('invalid', 'The portal admits every player: it takes no access rules.');
  return app;
}

async function mustKnowGroups(db: DbClient, rules: readonly AccessRuleInput[]): Promise<void> {
  const ids = rules.map((r) => r.group_id);
  const found = new Set((await findGroupsByIds(db, ids)).map((g) => g.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new Refused('invalid', `No group with the id ${missing.join(', ')}: pick groups from Admin → Groups.`);
}

export async function accessRules(deps: Pick<Deps, 'db'>, appId: string): Promise<AccessRules> {
  await mustBeRuledApp(deps.db, appId);
  return { rules: await listAccessRules(deps.db, appId) };
}

/** The app's rules replaced, as a change of who may use it: it touches the members of the groups they named before and name now. */
async function rulesChange(tx: DbClient, appId: string, rules: readonly AccessRuleInput[]): Promise<AccessChange> {
  await mustKnowGroups(tx, rules);
  const before = await listAccessRules(tx, appId);
  return { appIds: [appId], userIds: await membersOfGroups(tx, [...new Set([...before, ...rules].map((r) => r.group_id))]) };
}

async function side(db: DbClient, userIds: readonly string[]) {
  return { count: userIds.length, sample: await playersByIds(db, userIds.slice(0, SAMPLE)) };
}

/** Who the rules would admit and stop admitting, without saving them. */
export async function previewAccessRules(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  appId: string,
  rules: readonly AccessRuleInput[],
): Promise<AccessRulesPreview> {
  return inRolledBackTransaction(deps.db, async (tx) => {
    await mustBeRuledApp(tx, appId);
    const change = await rulesChange(tx, appId, rules);
    const { lost, gained } = await decideAround(deps, tx, change, () => replaceAccessRules(tx, appId, rules));
    return { added: await side(tx, [...gained.keys()]), removed: await side(tx, [...lost.keys()]) };
  });
}

/** Saves the app's rules; players they stop admitting lose the app at once, through the one way access ends. */
export async function setAccessRules(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  appId: string,
  rules: readonly AccessRuleInput[],
): Promise<AccessRules> {
  const app = await mustBeRuledApp(deps.db, appId);
  await inTransaction(deps.db, async (tx) => {
    const change = await rulesChange(tx, appId, rules);
    const { lost, gained } = await accessChangeIn(deps, tx, change, () => replaceAccessRules(tx, appId, rules));
    const groups = await findGroupsByIds(
      tx,
      rules.map((r) => r.group_id),
    );
    const names = new Map(groups.map((g) => [g.id, g.name]));
    await auditAdmin(deps, tx, actor, AuditEvent.AccessRulesSet, {
      appKey: app.key,
      details: {
        rules: rules.map((r) => ({ group: names.get(r.group_id), roles: r.roles, scopes: r.scopes, grace_hours: r.grace_hours })),
        players_admitted: gained.size,
        players_no_longer_admitted: lost.size,
      },
    });
    await tellPlayers(deps, tx, actor, { gained, lost }, { cause: 'rules_changed', app: app.name });
  });
  return { rules: await listAccessRules(deps.db, appId) };
}
