import { AuditEvent } from '@portal/contract';
import type { DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { insertAuditRows, type AuditEntry } from '../../queries/audit.ts';
import type { Actor } from '../audit.ts';
import type { GainedAccess, LostAccess } from './access-follows.ts';
import { appNamesById } from './app-names.ts';

/** Why an admin's change opened or ended apps for players who did nothing themselves. */
type ChangeCause = { cause: 'rules_changed'; app: string } | { cause: 'group_deleted'; group: string };

/** The apps' names for the players' sentences: each list in alphabetical order. */
async function appNamer(tx: DbClient, byPlayer: readonly Map<string, string[]>[]): Promise<(appIds: readonly string[]) => string[]> {
  const names = await appNamesById(tx, [...new Set(byPlayer.flatMap((m) => [...m.values()].flat()))]);
  return (appIds) => appIds.map((id) => names.get(id) ?? id).sort((a, b) => a.localeCompare(b));
}

/** A row naming the player, written by the admin who acted. */
function playerRow(
  deps: Pick<Deps, 'clock'>,
  actor: Actor,
  event: AuditEvent,
  userId: string,
  details: Record<string, unknown>,
): AuditEntry {
  return { event, userId, actorId: actor.userId, ip: actor.meta.ip, userAgent: actor.meta.userAgent, at: deps.clock.now(), details };
}

/**
 * One audit row per player an admin's change to rules or groups opened or ended apps for, naming the
 * player: their account's "What changed" and the dashboard's notice read these, as they read a grant.
 */
export async function tellPlayers(
  deps: Pick<Deps, 'clock'>,
  tx: DbClient,
  actor: Actor,
  change: { gained: GainedAccess; lost: LostAccess },
  cause: ChangeCause,
): Promise<void> {
  const named = await appNamer(tx, [change.gained, change.lost]);
  await insertAuditRows(tx, [
    ...[...change.gained].map(([userId, appIds]) =>
      playerRow(deps, actor, AuditEvent.AccessOpened, userId, { ...cause, apps_opened: named(appIds) }),
    ),
    ...[...change.lost].map(([userId, appIds]) =>
      playerRow(deps, actor, AuditEvent.AccessEnded, userId, { ...cause, apps_ended: named(appIds) }),
    ),
  ]);
}

/** One row per player an admin (or a manager of the group) added to a group, with the apps its rules opened to them. */
export async function tellMembersAdded(
  deps: Pick<Deps, 'clock'>,
  tx: DbClient,
  actor: Actor,
  group: { id: string; name: string },
  added: readonly string[],
  gained: GainedAccess,
  how: { by?: 'admin' | 'manager'; until?: Date | null } = {},
): Promise<void> {
  const named = await appNamer(tx, [gained]);
  await insertAuditRows(
    tx,
    added.map((userId) =>
      playerRow(deps, actor, AuditEvent.GroupMemberAdded, userId, {
        group: group.name,
        group_id: group.id,
        apps_opened: named(gained.get(userId) ?? []),
        ...(how.by === 'manager' ? { by_manager: true } : {}),
        ...(how.until ? { until: how.until.toISOString() } : {}),
      }),
    ),
  );
}
