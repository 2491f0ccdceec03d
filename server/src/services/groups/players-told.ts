import { AuditEvent } from '@portal/contract';
import type { DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { insertAuditRows, type AuditEntry } from '../../queries/audit.ts';
import type { Actor } from '../audit.ts';
import type { GainedAccess, LostAccess } from './access-follows.ts';
import { appNamesById } from './app-names.ts';

/** Why an admin's change opened or ended apps for players who did nothing themselves. */
export type ChangeCause = { cause: 'rules_changed'; app: string } | { cause: 'group_deleted'; group: string };

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
  const ids = [...change.gained.values(), ...change.lost.values()].flat();
  const names = await appNamesById(tx, [...new Set(ids)]);
  const named = (appIds: readonly string[]) => appIds.map((id) => names.get(id) ?? id).sort((a, b) => a.localeCompare(b));
  const at = deps.clock.now();
  const row = (event: AuditEvent, userId: string, details: Record<string, unknown>): AuditEntry => ({
    event,
    userId,
    actorId: actor.userId,
    ip: actor.meta.ip,
    userAgent: actor.meta.userAgent,
    at,
    details: { ...cause, ...details },
  });
  await insertAuditRows(tx, [
    ...[...change.gained].map(([userId, appIds]) => row(AuditEvent.AccessOpened, userId, { apps_opened: named(appIds) })),
    ...[...change.lost].map(([userId, appIds]) => row(AuditEvent.AccessEnded, userId, { apps_ended: named(appIds) })),
  ]);
}
