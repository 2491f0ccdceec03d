import { z } from 'zod';

/** What an admin may sync from SWCombine, in the order the sync screen shows them. */
export const SYNC_TARGETS = [
  'all',
  'factions',
  'sectors',
  'systems',
  'stations',
  'planets',
  'inventory',
  'classes',
  'ships',
  'vehicles',
  'facilities',
  'items',
  'droids',
  'weapons',
] as const;
export const SyncTarget = z.enum(SYNC_TARGETS, { error: `target must be one of ${SYNC_TARGETS.join(', ')}` });
export type SyncTarget = z.infer<typeof SyncTarget>;

const SYNC_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const SyncRunStatus = z.enum(SYNC_RUN_STATUSES);
export type SyncRunStatus = z.infer<typeof SyncRunStatus>;

/** How far a running sync is; every field is optional because a queued run has none yet. */
export const SyncProgress = z.object({
  /** The target being read now (for `all`, the part it is on). */
  target: SyncTarget.optional(),
  /** For `all`: which part (1-based) of how many. */
  step: z.number().int().optional(),
  steps: z.number().int().optional(),
  /** Rows of the current target read so far, and how many SWCombine says there are. */
  done: z.number().int().optional(),
  total: z.number().int().nullable().optional(),
  /** Set while the run waits for the SWCombine request budget: when it goes on (ISO 8601). */
  waitingUntil: z.string().optional(),
});
export type SyncProgress = z.infer<typeof SyncProgress>;

export const SyncRun = z.object({
  type: SyncTarget,
  status: SyncRunStatus,
  /** What happened, e.g. `systems: 2,140 (12 new, 3 changed, 1 gone)`, or why it failed and what to do. */
  message: z.string().nullable(),
  /** ISO 8601: when it finished, else when it started, else when it was requested. */
  timestamp: z.string(),
  progress: SyncProgress.optional(),
  /** Set when the target's schedule queued the run (absent: an admin triggered it). */
  triggeredBy: z.literal('schedule').optional(),
});
export type SyncRun = z.infer<typeof SyncRun>;

export const SyncHistory = z.object({ runs: z.array(SyncRun) });
export type SyncHistory = z.infer<typeof SyncHistory>;

export const SyncTriggerAnswer = z.object({ message: z.string() });
export type SyncTriggerAnswer = z.infer<typeof SyncTriggerAnswer>;

/** What the last complete read of a target found: rows new, changed (list entry differs) and gone since the read before. */
export const SyncRunCounts = z.object({
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  gone: z.number().int(),
});
export type SyncRunCounts = z.infer<typeof SyncRunCounts>;

/**
 * The details (coordinates, parents, classes) a target's lists lack, filled in after the run by
 * background work: rows that have them of the rows that need them, and when the rest should be in at
 * the current request budget.
 */
export const SyncDetailsBacklog = z.object({
  filled: z.number().int(),
  rows: z.number().int(),
  /** ISO 8601; null when nothing is pending. */
  completeAt: z.string().nullable(),
});
export type SyncDetailsBacklog = z.infer<typeof SyncDetailsBacklog>;

/** What is stored for a target: rows not marked gone, and when a run of it (or of `all`) last completed. */
export const SyncTargetStats = z.object({
  target: SyncTarget,
  rows: z.number().int(),
  lastCompleteAt: z.string().nullable(),
  /** The counts of that last complete run (for `all`: of every target it read); null before one. */
  lastRun: SyncRunCounts.nullable(),
  /** Null for targets whose lists say everything (factions, classes, inventory). */
  details: SyncDetailsBacklog.nullable(),
  /** The latest run of this target itself (not of `all`), whatever its status; null before one. */
  latestRun: SyncRun.nullable(),
  /**
   * Why the target cannot run yet and how to fix it, e.g. `needs a SWCombine binding: connect one on SWC
   * Integration (tenant 1324, faction-leader)`; a run skips it meanwhile. Null when it can run.
   */
  needsBinding: z.string().nullable(),
});
export type SyncTargetStats = z.infer<typeof SyncTargetStats>;

/** A target a run would skip, and why (see SyncTargetStats.needsBinding). */
export const SyncSkippedTarget = z.object({ target: SyncTarget, reason: z.string() });
export type SyncSkippedTarget = z.infer<typeof SyncSkippedTarget>;

/**
 * What a run of a target would spend if triggered now, from what the sync knows: the length SWCombine gave
 * at the last read of each list, and the details the background fill still has to read.
 */
export const SyncRunCost = z.object({
  target: SyncTarget,
  /** List pages the run reads: every list at its last known length, and one page for each list never read. */
  listRequests: z.number().int(),
  /** Lists never read: their length (so their pages and the details they lack) is known once read. */
  unknownLists: z.number().int(),
  /** Detail requests the background fill makes after the run until the target's rows have their details (what waits now). */
  detailRequests: z.number().int(),
  /** When the list pages, then the details too, should be done at the current budget (ISO 8601); null when background work gets nothing. */
  listsDoneAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  /** Requests an hour the budget leaves background work (the rest is kept for sign-ins). */
  backgroundPerHour: z.number().int(),
  /** Targets the run would skip (the inventory without a binding). */
  skipped: z.array(SyncSkippedTarget),
});
export type SyncRunCost = z.infer<typeof SyncRunCost>;

/** How often a schedule runs a target: whole hours, up to a week. */
const SCHEDULE_HOURS_RULE = 'Hours must be a whole number from 1 to 168';
export const SyncScheduleInput = z.object({
  everyHours: z.number({ error: SCHEDULE_HOURS_RULE }).int(SCHEDULE_HOURS_RULE).min(1, SCHEDULE_HOURS_RULE).max(168, SCHEDULE_HOURS_RULE),
});
export type SyncScheduleInput = z.infer<typeof SyncScheduleInput>;

/**
 * A target synced by itself every `everyHours`; the next run is queued at `nextRunAt` (ISO 8601). A paused
 * schedule queues nothing until it is resumed (`pausedAt`, else null).
 */
export const SyncSchedule = z.object({
  target: SyncTarget,
  everyHours: z.number().int(),
  nextRunAt: z.string(),
  pausedAt: z.string().nullable(),
});
export type SyncSchedule = z.infer<typeof SyncSchedule>;
