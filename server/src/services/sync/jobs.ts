import type { JobDefinition, JobRetries } from '../../deps.ts';
import { handleDetailsJob, startDetailsFill, SYNC_DETAILS_JOB } from './details-job.ts';
import { SYNC_RUN_JOB, type SyncRunJob } from './runs.ts';
import { handleSyncJob } from './job.ts';
import { runDueSchedules } from './schedules.ts';
import { requeueStalledRuns } from './sweep.ts';

/**
 * A job works about 2 minutes of a sync, then queues its continuation; when one is killed mid-way, the sweep hands
 * its run to a new job once its worker's presence lock is gone (pg-boss's own expiry after 5 minutes comes later).
 */
const SLICED: JobRetries = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 };

/** One sync run, a slice at a time; polled every second, so an admin who triggers a sync sees it start at once. */
export const syncRun: JobDefinition<SyncRunJob> = {
  name: SYNC_RUN_JOB,
  handedOver: true,
  retries: SLICED,
  pollingIntervalSeconds: 1,
  run: (deps, job) => handleSyncJob(deps, job.data, { resend: job.resend, worker: job.worker }),
};

/** The details fill, in the same slices; a job that finds the fill held by another stops at once. */
export const syncDetails: JobDefinition = {
  name: SYNC_DETAILS_JOB,
  handedOver: true,
  retries: SLICED,
  pollingIntervalSeconds: 1,
  run: (deps, job) => handleDetailsJob(deps, { resend: (startAfter) => job.resend({}, startAfter), worker: job.worker, log: job.warn }),
};

/** Sync runs whose job died or hangs resume at most a minute after their lease runs out. */
export const syncRunSweep: JobDefinition = {
  name: 'radiant-sync-sweep',
  schedule: '* * * * *',
  atWorkerStart: true,
  run: (deps) => requeueStalledRuns(deps),
};

/** The details fill of a killed job goes on within a minute of its worker's death (or its lease's end). */
export const syncDetailsSweep: JobDefinition = {
  name: 'radiant-sync-details-sweep',
  schedule: '* * * * *',
  atWorkerStart: true,
  run: (deps) => startDetailsFill(deps),
};

/** Due schedules queue their runs; each is claimed once, whichever replica's sweep sees it. */
export const syncSchedules: JobDefinition = {
  name: 'radiant-sync-schedules',
  schedule: '* * * * *',
  run: (deps) => runDueSchedules(deps),
};
