import { AuditEvent, PORTAL_APP_KEY, type AccessRuleInput, type AccessRules, type AccessRulesPreview } from '@portal/contract';
import { inRolledBackTransaction, type DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { NotFound, Refused } from '../../lib/errors.ts';
import { listAccessRules, membersOfGroups, playersByIds, replaceAccessRules } from '../../queries/access-rules.ts';
import { findAppById } from '../../queries/apps.ts';
import { findGroupsByIds } from './queries/groups.ts';
import { endAccess } from '../access-end/end-access.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { tellPlayers } from './players-told.ts';
import { admittedPairs } from './access-follows.ts';

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

/**
 * Writes the app's rules in `tx` and answers whom that admits and stops admitting, decided by the one
 * access rule before and after (a grant, a suspension, the bypass still count as they do).
 */
async function changeRules(deps: Pick<Deps, 'config' | 'clock'>, tx: DbClient, appId: string, rules: readonly AccessRuleInput[]) {
  const before = await listAccessRules(tx, appId);
  const players = await membersOfGroups(tx, [...new Set([...before, ...rules].map((r) => r.group_id))]);
  const now = deps.clock.now();
  const was = await admittedPairs(deps, tx, players, [appId], now);
  await replaceAccessRules(tx, appId, rules);
  const is = await admittedPairs(deps, tx, players, [appId], now);
  const userOf = (pair: string) => pair.split(' ')[0]!;
  return {
    added: [...is].filter((p) => !was.has(p)).map(userOf),
    removed: [...was].filter((p) => !is.has(p)).map(userOf),
  };
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
    await mustKnowGroups(tx, rules);
    const { added, removed } = await changeRules(deps, tx, appId, rules);
    return { added: await side(tx, added), removed: await side(tx, removed) };
  });
}

/** Saves the app's rules; players they stop admitting lose the app at once, through the one way access ends. */
export async function setAccessRules(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'authCache' | 'queue'>,
  actor: Actor,
  appId: string,
  rules: readonly AccessRuleInput[],
): Promise<AccessRules> {
  const app = await mustBeRuledApp(deps.db, appId);
  let changed = { added: [] as string[], removed: [] as string[] };
  await endAccess(
    deps,
    async (tx) => {
      await mustKnowGroups(tx, rules);
      changed = await changeRules(deps, tx, appId, rules);
      return changed.removed.map((userId) => ({ kind: 'player-apps' as const, userId, appIds: [appId] }));
    },
    async (tx) => {
      const groups = await findGroupsByIds(
        tx,
        rules.map((r) => r.group_id),
      );
      const names = new Map(groups.map((g) => [g.id, g.name]));
      await auditAdmin(deps, tx, actor, AuditEvent.AccessRulesSet, {
        appKey: app.key,
        details: {
          rules: rules.map((r) => ({ group: names.get(r.group_id), roles: r.roles, scopes: r.scopes, grace_hours: r.grace_hours })),
          players_admitted: changed.added.length,
          players_no_longer_admitted: changed.removed.length,
        },
      });
      const forThisApp = (userIds: readonly string[]) => new Map(userIds.map((userId) => [userId, [appId]]));
      await tellPlayers(
        deps,
        tx,
        actor,
        { gained: forThisApp(changed.added), lost: forThisApp(changed.removed) },
        { cause: 'rules_changed', app: app.name },
      );
    },
  );
  return { rules: await listAccessRules(deps.db, appId) };
}
