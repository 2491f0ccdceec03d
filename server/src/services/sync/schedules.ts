import { AuditEvent, SYNC_TARGETS, type SyncSchedule, type SyncScheduleInput, type SyncTarget } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { insertScheduledRun } from './queries/runs.ts';
import {
  claimDueSchedules,
  deleteSchedule,
  findSchedule,
  listSchedules,
  setSchedulePaused,
  upsertSchedule,
  type ScheduleRow,
} from './queries/schedules.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { SYNC_RUN_JOB, type SyncRunJob } from './runs.ts';
import { LEASE_MS } from './lease.ts';

const toSchedule = (row: ScheduleRow): SyncSchedule => ({
  target: row.target,
  everyHours: row.everyHours,
  nextRunAt: row.nextRunAt.toISOString(),
  pausedAt: row.pausedAt ? row.pausedAt.toISOString() : null,
});

/** Every schedule, in the screen's order of targets. */
export async function syncSchedules(deps: Pick<Deps, 'db'>): Promise<SyncSchedule[]> {
  const rows = await listSchedules(deps.db);
  const rank = (t: SyncTarget) => SYNC_TARGETS.indexOf(t);
  return rows.sort((a, b) => rank(a.target) - rank(b.target)).map(toSchedule);
}

/** Runs `target` every `everyHours` from now on (replacing its schedule, if any); audited. */
export async function setSyncSchedule(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  target: SyncTarget,
  input: SyncScheduleInput,
): Promise<SyncSchedule> {
  return inTransaction(deps.db, async (tx) => {
    const row = await upsertSchedule(tx, { target, everyHours: input.everyHours, at: deps.clock.now(), by: actor.userId });
    await auditAdmin(deps, tx, actor, AuditEvent.SyncScheduleSet, { details: { target, everyHours: input.everyHours } });
    return toSchedule(row);
  });
}

/** Stops the schedule of `target` (404 when it has none); audited. */
export async function removeSyncSchedule(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, target: SyncTarget): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const row = await deleteSchedule(tx, target);
    if (!row) throw new NotFound(`${target} has no schedule.`);
    await auditAdmin(deps, tx, actor, AuditEvent.SyncScheduleRemoved, { details: { target, everyHours: row.everyHours } });
  });
}

/**
 * Pauses a schedule (it queues nothing until resumed; its period is kept) or resumes it (a next run that
 * passed meanwhile is due a whole period from now). 404 without a schedule, 409 when it is already so; audited.
 */
export async function pauseSyncSchedule(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  target: SyncTarget,
  pause: boolean,
): Promise<SyncSchedule> {
  return inTransaction(deps.db, async (tx) => {
    const current = await findSchedule(tx, target);
    if (!current) throw new NotFound(`${target} has no schedule.`);
    if ((current.pausedAt !== null) === pause) throw new Conflict(`The ${target} schedule is already ${pause ? 'paused' : 'running'}.`);
    const now = deps.clock.now();
    const row = (await setSchedulePaused(tx, { target, pausedAt: pause ? now : null, now, by: actor.userId }))!;
    const event = pause ? AuditEvent.SyncSchedulePaused : AuditEvent.SyncScheduleResumed;
    await auditAdmin(deps, tx, actor, event, { details: { target, everyHours: row.everyHours } });
    return toSchedule(row);
  });
}

/**
 * Queues a run for every schedule that is due (and not paused), as a run an admin triggers would be (shown "by
 * schedule"). Run every minute by one replica; the claim moves each due schedule on in the same
 * transaction, so two sweeps at the same moment queue it once. A target with a run queued or
 * running skips that turn: the run under way reads it anyway. A run whose job could not be sent
 * stays queued; the stalled-run sweep hands it on.
 */
export async function runDueSchedules(deps: Pick<Deps, 'db' | 'clock' | 'queue'>): Promise<{ queued: SyncTarget[] }> {
  const runs = await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const queued: { target: SyncTarget; runId: string }[] = [];
    for (const target of await claimDueSchedules(tx, now)) {
      const run = await insertScheduledRun(tx, target, now, new Date(now.getTime() + LEASE_MS));
      if (run) queued.push({ target, runId: run.id });
    }
    return queued;
  });
  for (const run of runs) await deps.queue.send(SYNC_RUN_JOB, { runId: run.runId } satisfies SyncRunJob);
  return { queued: runs.map((r) => r.target) };
}
