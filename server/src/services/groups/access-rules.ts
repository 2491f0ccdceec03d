import {
  AuditEvent,
  PORTAL_APP_KEY,
  type AccessRuleInput,
  type AccessRules,
  type AccessRulesPreview,
  type PlayerCheck,
  type PreviewMatch,
} from '@portal/contract';
import { inRolledBackTransaction, inTransaction, type DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { NotFound, Refused } from '../../lib/errors.ts';
import { listAccessRules, membersOfGroups, playersByIds, replaceAccessRules } from './queries/access-rules.ts';
import { findAppById } from '../../queries/apps.ts';
import { findGroupsByIds } from './queries/groups.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { tellPlayers } from './players-told.ts';
import { accessChangeIn, decideAround, type AccessChange } from './access-follows.ts';
import { describeDecision } from '../../domain/access.ts';
import { searchUsers } from '../../queries/admin-users.ts';
import { decideOn, isPlayerAdmin } from '../decisions/decide.ts';

/** Players one question may find ("Mira" finds every Mira). */
const PLAYER_MATCHES = 5;

type RuledApp = Awaited<ReturnType<typeof mustBeRuledApp>>;
type Found = { user_id: string; uid: string; name: string | null; isAdmin: boolean };

/** What the one access rule decides for each player found, in words, with the rules as they stand in `db`. */
async function decisionsOf(deps: Pick<Deps, 'clock'>, db: DbClient, app: RuledApp, players: readonly Found[]) {
  return Promise.all(
    players.map(async (p) => {
      const { decision, facts } = await decideOn(deps, db, { userId: p.user_id, isAdmin: p.isAdmin }, app);
      return describeDecision(decision, facts.rule_matches, deps.clock.now());
    }),
  );
}

async function playersNamed(deps: Pick<Deps, 'db' | 'config'>, tx: DbClient, query: string): Promise<Found[]> {
  const { rows } = await searchUsers(tx, query, PLAYER_MATCHES, 0);
  return Promise.all(
    rows.map(async (u) => ({ user_id: u.id, uid: u.uid, name: u.name || null, isAdmin: await isPlayerAdmin(deps, u.id) })),
  );
}

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

/**
 * Who the rules would admit and stop admitting, without saving them; and for `player` (a name or UID), whether the
 * players it finds may open the app now and would under these rules, and why.
 */
export async function previewAccessRules(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  appId: string,
  rules: readonly AccessRuleInput[],
  player?: string,
): Promise<AccessRulesPreview> {
  return inRolledBackTransaction(deps.db, async (tx) => {
    const app = await mustBeRuledApp(tx, appId);
    const found = player ? await playersNamed(deps, tx, player) : [];
    const now = await decisionsOf(deps, tx, app, found);
    const change = await rulesChange(tx, appId, rules);
    const { lost, gained } = await decideAround(deps, tx, change, () => replaceAccessRules(tx, appId, rules));
    const then = await decisionsOf(deps, tx, app, found);
    const preview: AccessRulesPreview = { added: await side(tx, [...gained.keys()]), removed: await side(tx, [...lost.keys()]) };
    if (player === undefined) return preview;
    const matches: PreviewMatch[] = found.map(({ user_id, uid, name }, i) => ({ user_id, uid, name, now: now[i]!, then: then[i]! }));
    return { ...preview, player: { query: player, matches } };
  });
}

/** "Check a player": the players a name or UID finds, and whether each may open the app now, and why. */
export async function checkPlayer(deps: Pick<Deps, 'db' | 'config' | 'clock'>, appId: string, player: string): Promise<PlayerCheck> {
  const app = await mustBeRuledApp(deps.db, appId);
  const found = await playersNamed(deps, deps.db, player);
  const decisions = await decisionsOf(deps, deps.db, app, found);
  return { query: player, matches: found.map(({ user_id, uid, name }, i) => ({ user_id, uid, name, decision: decisions[i]! })) };
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
