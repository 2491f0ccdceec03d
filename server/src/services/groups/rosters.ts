import { AuditEvent, type RosterRefresh } from '@portal/contract';
import { inTransaction, type DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { swcFailureKind, SwcApiError, SwcBudgetExhausted } from '../../integrations/swcombine/client.ts';
import { readFactionMembers, type FactionMember } from '../../integrations/swcombine/faction-members.ts';
import { insertAudit } from '../../queries/audit.ts';
import {
  addMembers,
  claimRoster,
  currentMemberIds,
  currentMemberUids,
  ensureUsers,
  factionGroupsOfMany,
  markLeft,
  recordRosterError,
  recordRosterRead,
  releaseRoster,
  upsertFactionGroup,
} from './queries/groups.ts';
import { listRosterBindings, type RosterBinding } from '../../queries/swc-bindings.ts';
import { setFaction } from '../../queries/users.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { membershipChangeIn } from './access-follows.ts';
import { appNames } from './app-names.ts';

export const ROSTER_READ_JOB = 'faction-roster-read';

export type RosterDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'swc' | 'encryptor' | 'accessChanged' | 'queue'>;

/** An admin's "Read rosters now": every roster a binding may read is read by the worker, whatever its schedule. */
export async function requestRosterReads(deps: Pick<Deps, 'db' | 'clock' | 'queue'>, actor: Actor): Promise<RosterRefresh> {
  const bindings = await listRosterBindings(deps.db);
  await auditAdmin(deps, deps.db, actor, AuditEvent.RosterRefreshRequested, {
    details: { factions: bindings.map((b) => b.faction_name ?? b.faction_uid) },
  });
  if (bindings.length === 0) {
    return {
      requested_at: null,
      queued: 0,
      message: 'No faction roster can be read: connect a SWCombine binding with the faction_members scope on SWC Integration first.',
    };
  }
  const requestedAt = deps.clock.now().toISOString();
  await deps.queue.send(ROSTER_READ_JOB, { force: true });
  const n = bindings.length;
  return { queued: n, message: `Reading ${n} faction roster${n === 1 ? '' : 's'} now.`, requested_at: requestedAt };
}

/**
 * Reads each faction roster a connected binding may read, when due (every ROSTER_INTERVAL_MIN
 * minutes) or when `force`d. Each read is claimed first, so replicas never read one roster twice
 * at once. Answers what was read.
 */
export async function readDueRosters(deps: RosterDeps, opts: { force?: boolean } = {}): Promise<{ read: string[]; failed: string[] }> {
  const result = { read: [] as string[], failed: [] as string[] };
  for (const binding of await listRosterBindings(deps.db)) {
    const now = deps.clock.now();
    const group = await upsertFactionGroup(deps.db, binding.faction_uid, binding.faction_name ?? binding.faction_uid, now);
    const due = new Date(now.getTime() - deps.config.rosterIntervalMinutes * 60_000);
    if (!(await claimRoster(deps.db, group.id, { due, now, force: opts.force ?? false }))) continue;
    const ok = await readOneRoster(deps, binding, group).finally(() => releaseRoster(deps.db, group.id, deps.clock.now()));
    (ok ? result.read : result.failed).push(binding.faction_uid);
  }
  return result;
}

/** Why a read failed, in words an admin can act on. */
function failureText(err: unknown): string {
  if (err instanceof SwcBudgetExhausted) {
    return `SWCombine's request budget is used up until ${err.retryAt.toISOString()}; the roster is read again after that.`;
  }
  if (err instanceof SwcApiError && (err.status === 401 || err.status === 403)) {
    return `SWCombine refused the binding's token (${err.message}). The character who authorized it may have left the faction or lost the right to see its members: connect the binding again on SWC Integration.`;
  }
  if (swcFailureKind(err) === 'no-answer') return `SWCombine did not answer: ${(err as Error).message}`;
  return (err as Error).message;
}

async function readOneRoster(
  deps: RosterDeps,
  binding: RosterBinding,
  group: { id: string; name: string; readBefore: boolean },
): Promise<boolean> {
  let members: FactionMember[];
  try {
    members = await readConfirmed(deps, deps.encryptor.decrypt(binding.access_token_enc), binding.faction_uid, group.id);
  } catch (err) {
    // A roster not read whole changes nobody's membership: a failure must never look like everyone leaving.
    const error = failureText(err);
    // Audited when the reason is new, not at every retry.
    if (!(await recordRosterError(deps.db, group.id, error))) return false;
    await insertAudit(deps.db, {
      event: AuditEvent.RosterReadFailed,
      at: deps.clock.now(),
      details: { group: group.name, faction_uid: binding.faction_uid, reason: error },
    });
    return false;
  }
  await applyRoster(deps, { ...group, factionUid: binding.faction_uid }, members);
  return true;
}

/**
 * The roster to apply, from whole and consistent reads only (readFactionMembers). Joins follow one
 * read; a leave needs a second read to agree: when a member of the group is missing from the first,
 * the list is read again, and only a member missing from both leaves. A list the read cannot confirm
 * throws, and nobody leaves: an innocent member must never lose access, so a leave costs the budget
 * one more read.
 */
async function readConfirmed(deps: RosterDeps, accessToken: string, factionUid: string, groupId: string): Promise<FactionMember[]> {
  const first = await readFactionMembers(deps.swc, accessToken, factionUid);
  const onFirst = new Set(first.map((m) => m.uid));
  const current = new Set(await currentMemberUids(deps.db, groupId));
  if ([...current].every((uid) => onFirst.has(uid))) return first;
  const second = await readFactionMembers(deps.swc, accessToken, factionUid);
  const onSecond = new Set(second.map((m) => m.uid));
  return [...second, ...first.filter((m) => current.has(m.uid) && !onSecond.has(m.uid))];
}

/**
 * The faction's members are now those of the roster. Players who joined are members from the next
 * request; players no longer on it have left (a rule's grace period may still count them), and what
 * it gave them ends at once everywhere, through the one way access ends, audited per player:
 * "Mira Solan left Galactic Weapon Systems: access to Fleet Ops, Holonet ended".
 */
export async function applyRoster(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  faction: { id: string; name: string; factionUid: string; readBefore: boolean },
  members: readonly FactionMember[],
): Promise<{ joined: number; left: number }> {
  const now = deps.clock.now();
  const { ids } = await ensureUsers(deps.db, members);
  const onRoster = new Set(ids.values());
  const current = new Set(await currentMemberIds(deps.db, faction.id));
  const joined = [...onRoster].filter((id) => !current.has(id));
  const left = [...current].filter((id) => !onRoster.has(id));
  // A player is in one faction at a time: joining this one is leaving the one they were in.
  const elsewhere = await factionGroupsOfMany(deps.db, joined, faction.id);
  const touched = [faction.id, ...new Set(elsewhere.map((m) => m.group_id))];
  await inTransaction(deps.db, async (tx) => {
    const { lost } = await membershipChangeIn(deps, tx, { userIds: [...joined, ...left], groupIds: touched }, async () => {
      await addMembers(tx, faction.id, joined, 'roster', now);
      await markLeft(tx, faction.id, left, now);
      for (const m of elsewhere) await markLeft(tx, m.group_id, [m.user_id], now);
      await setFaction(tx, joined, { uid: faction.factionUid, name: faction.name }, now);
      await setFaction(tx, left, null, now);
      await recordRosterRead(tx, faction.id, now);
    });
    for (const userId of left) await recordLeave(tx, now, userId, faction.name, lost.get(userId) ?? []);
    for (const m of elsewhere) await recordLeave(tx, now, m.user_id, m.group_name, lost.get(m.user_id) ?? []);
    // A first read finds the faction as it is: only later reads find players joining.
    if (!faction.readBefore) return;
    for (const userId of joined) {
      await insertAudit(tx, { event: AuditEvent.GroupJoined, userId, at: now, details: { group: faction.name, source: 'roster' } });
    }
  });
  return { joined: joined.length, left: left.length };
}

/** One audit event per player who left a group, naming what it took from them. */
export async function recordLeave(
  db: DbClient,
  at: Date,
  userId: string,
  group: string,
  lostAppIds: readonly string[],
  opts: { graceEnded?: boolean } = {},
): Promise<void> {
  const details = { group, apps_ended: await appNames(db, lostAppIds), ...(opts.graceEnded ? { grace_ended: true } : {}) };
  await insertAudit(db, { event: AuditEvent.GroupLeft, userId, at, details });
}
