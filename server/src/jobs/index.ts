import PgBoss from 'pg-boss';
import pg from 'pg';
import { timeoutSettings, type DbTimeouts } from '../db/pool.ts';
import { startWorkerPresence, type WorkerPresence } from '../db/worker-presence.ts';
import type { Deps } from '../deps.ts';
import { deliverBackchannelLogout } from '../services/backchannel-logout.ts';
import { runRotationSweep } from '../services/rotation-sweep.ts';
import { purgeFinishedSignIns } from '../services/sign-in-cleanup.ts';
import { refreshDueBindings } from '../services/swc-binding-refresh.ts';
import { BACKCHANNEL_LOGOUT_JOB, type BackchannelLogoutJob } from '../services/sign-out.ts';
import { RADIANT_SYNC_JOB, type RadiantSyncJob } from '../services/sync/index.ts';
import { handleSyncJob } from '../services/sync/job.ts';
import { requeueStalledRuns } from '../services/sync/sweep.ts';
import type { JobQueue } from './queue.ts';

/** Scheduled sweeps: pg-boss runs each tick on one replica only, and retries a failed run. */
const SCHEDULES: { name: string; cron: string; run: (deps: Deps) => Promise<unknown> }[] = [
  { name: 'service-jwt-rotation-sweep', cron: '* * * * *', run: (deps) => runRotationSweep(deps) },
  { name: 'signing-key-rotation', cron: '17 * * * *', run: (deps) => deps.keys.ensure() },
  { name: 'sign-in-cleanup', cron: '*/15 * * * *', run: (deps) => purgeFinishedSignIns(deps) },
  { name: 'swc-binding-refresh', cron: '*/5 * * * *', run: (deps) => refreshDueBindings(deps) },
  // Sync runs whose job died or hangs resume at most a minute after their lease runs out.
  { name: 'radiant-sync-sweep', cron: '* * * * *', run: (deps) => requeueStalledRuns(deps) },
];

/** Schedules of earlier releases, removed so that pg-boss stops queueing jobs nobody works on. */
const RETIRED_SCHEDULES = ['login-attempt-cleanup'];
/** pg_advisory_lock key of the job system's set-up (an arbitrary constant of this product). */
const SETUP_LOCK = 0x5743_0b05;

/**
 * Bounds on pg-boss's own connections. Its maintenance archives and deletes finished jobs in bulk,
 * which may take far longer than an API query; a minute still ends a wait on a database that
 * stopped answering instead of leaving job fetching, scheduling and maintenance hung for good.
 */
export const JOB_DB_TIMEOUTS: DbTimeouts = { connectSeconds: 5, statementSeconds: 60, idleInTransactionSeconds: 60 };

/** Where job runs are reported (the process's pino logger). */
export interface JobLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobSystem {
  boss: PgBoss;
  queue: JobQueue;
  /** Starts the handlers (after the deps that they use exist); only where the system runs jobs. */
  work(deps: Deps, log: JobLog): Promise<void>;
  stop(): Promise<void>;
}

export interface JobSystemOptions {
  schema?: string;
  /**
   * false for web replicas: they only hand jobs over, and leave handlers, cron scheduling and
   * pg-boss maintenance to the worker.
   */
  runsJobs?: boolean;
  log?: (msg: string, err?: unknown) => void;
  /** Bounds on every wait of the job system for PostgreSQL; JOB_DB_TIMEOUTS unless given. */
  timeouts?: DbTimeouts;
}

async function runLogged(name: string, log: JobLog, run: () => Promise<unknown>): Promise<void> {
  try {
    const result = await run();
    log.debug({ job: name, result }, 'job done');
  } catch (err) {
    log.error({ job: name, err }, 'job failed');
    throw err; // pg-boss retries it
  }
}

async function withSetupLock(databaseUrl: string, timeouts: DbTimeouts, work: () => Promise<void>): Promise<void> {
  // Waiting for the lock while another replica sets up is no hang, so no statement timeout here;
  // connecting is bounded, and keep-alive notices a session whose server vanished.
  const { connectionTimeoutMillis, keepAlive } = timeoutSettings(timeouts);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis, keepAlive });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
    await work();
  } finally {
    await client.end().catch(() => undefined); // ending the session releases the lock
  }
}

export async function startJobSystem(databaseUrl: string, opts: JobSystemOptions = {}): Promise<JobSystem> {
  const runsJobs = opts.runsJobs ?? true;
  let presence: WorkerPresence | undefined;
  const timeouts = opts.timeouts ?? JOB_DB_TIMEOUTS;
  const boss = new PgBoss({
    // pg-boss hands its options on to `new pg.Pool(...)` (pg-boss/src/db.js).
    ...timeoutSettings(timeouts),
    connectionString: databaseUrl,
    schema: opts.schema ?? 'pgboss',
    schedule: runsJobs,
    supervise: runsJobs,
  });
  boss.on('error', (err) => opts.log?.('job system error', err));
  // Replicas starting together deadlock creating the same queues and schedules; one sets them up at a time.
  await withSetupLock(databaseUrl, timeouts, async () => {
    await boss.start();
    await boss.createQueue(BACKCHANNEL_LOGOUT_JOB, { name: BACKCHANNEL_LOGOUT_JOB, retryLimit: 8, retryDelay: 5, retryBackoff: true });
    // A job works about 2 minutes of a sync, then queues its continuation; when one is killed mid-way, the sweep hands
    // its run to a new job once its worker's presence lock is gone (pg-boss's own expiry after 5 minutes comes later).
    await boss.createQueue(RADIANT_SYNC_JOB, {
      name: RADIANT_SYNC_JOB,
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    });
    if (runsJobs) {
      for (const job of SCHEDULES) {
        await boss.createQueue(job.name, { name: job.name, retryLimit: 3, retryDelay: 10, retryBackoff: true });
        await boss.schedule(job.name, job.cron);
      }
      for (const name of RETIRED_SCHEDULES) await boss.unschedule(name);
    }
  });
  return {
    boss,
    queue: {
      async send(name, data) {
        await boss.send(name, data);
      },
    },
    async work(deps, log) {
      if (!runsJobs) throw new Error('this job system only hands jobs over (PORTAL_MODE=web); the worker runs them');
      // Held before any sync job runs, so that every lease this worker takes names a live worker.
      presence = await startWorkerPresence(databaseUrl, { log: (msg) => log.warn({ job: 'worker-presence' }, msg) });
      for (const job of SCHEDULES) {
        await boss.work(job.name, () => runLogged(job.name, log, () => job.run(deps)));
      }
      await boss.work<BackchannelLogoutJob>(BACKCHANNEL_LOGOUT_JOB, async (jobs) => {
        for (const job of jobs) await runLogged(BACKCHANNEL_LOGOUT_JOB, log, () => deliverBackchannelLogout(deps, job.data));
      });
      // Polled every second (pg-boss's default is 2 s): an admin who triggers a sync sees it start at once.
      await boss.work<RadiantSyncJob>(RADIANT_SYNC_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          const resend = async (data: RadiantSyncJob, startAfter: Date) => void (await boss.send(RADIANT_SYNC_JOB, data, { startAfter }));
          await runLogged(RADIANT_SYNC_JOB, log, () => handleSyncJob(deps, job.data, { resend, worker: presence?.id() }));
        }
      });
      // Runs left behind by a worker that was killed (its presence lock is gone) resume now.
      await runLogged('radiant-sync-sweep', log, () => requeueStalledRuns(deps)).catch(() => undefined);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
      await presence?.close();
    },
  };
}
