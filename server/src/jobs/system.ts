import { PgBoss, type ConstructorOptions, type Db } from 'pg-boss';
import pg from 'pg';
import { timeoutSettings, type DbTimeouts, type TimeoutSettings } from '../db/pool.ts';
import { startWorkerPresence, type WorkerPresence } from '../db/worker-presence.ts';
import type { Deps, JobQueue } from '../deps.ts';
import { BACKCHANNEL_LOGOUT_JOB, deliverBackchannelLogout, type BackchannelLogoutJob } from '../services/access-end/backchannel-logout.ts';
import { AUDIT_FORWARD_JOB, forwardAuditEvents } from '../services/audit-trail/forwarding.ts';
import { runRotationSweep } from '../services/service-jwts/sweep.ts';
import { purgeFinishedSignIns } from '../services/sessions/cleanup.ts';
import { refreshDueBindings } from '../services/swc-bindings/refresh.ts';
import { RADIANT_SYNC_JOB, type RadiantSyncJob } from '../services/sync/index.ts';
import { handleDetailsJob, startDetailsFill, SYNC_DETAILS_JOB } from '../services/sync/details-job.ts';
import { handleSyncJob } from '../services/sync/job.ts';
import { runDueSchedules } from '../services/sync/schedules.ts';
import { requeueStalledRuns } from '../services/sync/sweep.ts';
import { applyGraceEnds } from '../services/groups/grace-ends.ts';
import { readDueRosters, ROSTER_READ_JOB } from '../services/groups/rosters.ts';

/** What the jobs below use: every port (the forward-auth cache to flush it on every replica when access ends). */
export type JobDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'keys' | 'secrets' | 'swc' | 'encryptor' | 'queue' | 'authCache'>;

/** Scheduled sweeps: pg-boss runs each tick on one replica only, and retries a failed run. */
const SCHEDULES: { name: string; cron: string; run: (deps: JobDeps) => Promise<unknown> }[] = [
  { name: 'service-jwt-rotation-sweep', cron: '* * * * *', run: (deps) => runRotationSweep(deps) },
  { name: 'signing-key-rotation', cron: '17 * * * *', run: (deps) => deps.keys.ensure() },
  { name: 'sign-in-cleanup', cron: '*/15 * * * *', run: (deps) => purgeFinishedSignIns(deps) },
  { name: 'swc-binding-refresh', cron: '*/5 * * * *', run: (deps) => refreshDueBindings(deps) },
  // Sync runs whose job died or hangs resume at most a minute after their lease runs out.
  { name: 'radiant-sync-sweep', cron: '* * * * *', run: (deps) => requeueStalledRuns(deps) },
  // The details fill of a killed job goes on within a minute of its worker's death (or its lease's end).
  { name: 'radiant-sync-details-sweep', cron: '* * * * *', run: (deps) => startDetailsFill(deps) },
  // Due schedules queue their runs; each is claimed once, whichever replica's sweep sees it.
  { name: 'radiant-sync-schedules', cron: '* * * * *', run: (deps) => runDueSchedules(deps) },
  // Faction rosters due (every ROSTER_INTERVAL_MIN) are read; a leave ends access within a minute of its read.
  { name: 'faction-roster-sweep', cron: '* * * * *', run: (deps) => readDueRosters(deps) },
  { name: 'group-grace-sweep', cron: '* * * * *', run: (deps) => applyGraceEnds(deps) },
];

/** Queues that take jobs from any replica (the sweeps' queues exist only where jobs run). */
const HANDED_OVER = [BACKCHANNEL_LOGOUT_JOB, RADIANT_SYNC_JOB, AUDIT_FORWARD_JOB, SYNC_DETAILS_JOB, ROSTER_READ_JOB];

/**
 * The job system's schema. pg-boss 10 kept its jobs in `pgboss` (its schema version 24), which no later
 * release migrates: pg-boss 12 starts only on version 25 or later, and refuses that schema.
 */
export const JOB_SCHEMA = 'pgboss_v12';
/** Where pg-boss 10 kept its jobs; those still waiting there are taken over (see takeOverLegacyJobs). */
const LEGACY_SCHEMA = 'pgboss';
/** The first schema version of pg-boss 11; the ones below are pg-boss 10's. */
const FIRST_UNSUPPORTED_LEGACY_VERSION = 25;
/** pg_advisory_lock key of the job system's set-up (an arbitrary constant of this product). */
const SETUP_LOCK = 0x5743_0b05;

/**
 * Bounds on pg-boss's own connections. Its maintenance deletes finished jobs in bulk and rebuilds
 * bloated indexes, which may take far longer than an API query; a minute still ends a wait on a
 * database that stopped answering instead of leaving job fetching, scheduling and maintenance hung
 * for good.
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
  work(deps: JobDeps, log: JobLog): Promise<void>;
  stop(): Promise<void>;
}

export interface JobSystemOptions {
  /** JOB_SCHEMA unless given. */
  schema?: string;
  /**
   * A schema that pg-boss 10 ran in, whose waiting jobs this system takes over at start; by default
   * `pgboss` for the default schema, none for a schema given.
   */
  legacySchema?: string;
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

/**
 * Moves the jobs still waiting in a schema of pg-boss 10 into this system's queues, in one transaction,
 * so that a job is either still there for a pg-boss 10 worker of a rolling upgrade, or here; never both.
 * A job keeps its id, data and start time; its retries start over.
 */
async function takeOverLegacyJobs(databaseUrl: string, boss: PgBoss, legacySchema: string, timeouts: DbTimeouts): Promise<void> {
  const schema = pg.escapeIdentifier(legacySchema);
  const db = boss.getDb();
  const { rows: found } = await db.executeSql('SELECT to_regclass($1) IS NOT NULL AS installed', [`${schema}.version`]);
  if (found[0]?.installed !== true) return;
  const { rows: versions } = await db.executeSql(`SELECT version FROM ${schema}.version`);
  const version: unknown = versions[0]?.version;
  if (typeof version !== 'number' || version >= FIRST_UNSUPPORTED_LEGACY_VERSION) return;

  const client = new pg.Client({ connectionString: databaseUrl, ...timeoutSettings(timeouts) });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows: jobs } = await client.query<{ id: string; name: string; data: object | null; start_after: Date }>(
      `DELETE FROM ${schema}.job WHERE name = ANY($1) AND state IN ('created', 'retry') RETURNING id, name, data, start_after`,
      [HANDED_OVER],
    );
    const tx: Db = { executeSql: (text, values) => client.query(text, values) };
    for (const job of jobs) await boss.send(job.name, job.data, { id: job.id, startAfter: job.start_after, db: tx });
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startJobSystem(databaseUrl: string, opts: JobSystemOptions = {}): Promise<JobSystem> {
  const runsJobs = opts.runsJobs ?? true;
  let presence: WorkerPresence | undefined;
  const timeouts = opts.timeouts ?? JOB_DB_TIMEOUTS;
  const legacySchema = opts.legacySchema ?? (opts.schema === undefined ? LEGACY_SCHEMA : undefined);
  // pg-boss hands all its options on to `new pg.Pool(...)` (pg-boss/dist/db.js), the pool settings among them.
  const options: ConstructorOptions & TimeoutSettings = {
    ...timeoutSettings(timeouts),
    connectionString: databaseUrl,
    schema: opts.schema ?? JOB_SCHEMA,
    schedule: runsJobs,
    supervise: runsJobs,
  };
  const boss = new PgBoss(options);
  boss.on('error', (err) => opts.log?.('job system error', err));
  // Slow queries and handlers that overran their expiry: worth an operator's look, not a failure.
  boss.on('warning', (warning) => opts.log?.('job system warning', warning.message));
  // Replicas starting together deadlock creating the same queues and schedules; one sets them up at a time.
  await withSetupLock(databaseUrl, timeouts, async () => {
    await boss.start();
    await boss.createQueue(BACKCHANNEL_LOGOUT_JOB, { retryLimit: 8, retryDelay: 5, retryBackoff: true });
    // A job works about 2 minutes of a sync, then queues its continuation; when one is killed mid-way, the sweep hands
    // its run to a new job once its worker's presence lock is gone (pg-boss's own expiry after 5 minutes comes later).
    await boss.createQueue(RADIANT_SYNC_JOB, { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 });
    // Activity forwarding: a round every minute and one when the webhook is set; a failed round is retried with
    // backoff (up to about 20 minutes), and the next minute's round starts over from the cursor anyway.
    await boss.createQueue(AUDIT_FORWARD_JOB, { retryLimit: 6, retryDelay: 20, retryBackoff: true, retryDelayMax: 1200 });
    // The same slices for the details fill; a job that finds the fill held by another stops at once.
    await boss.createQueue(SYNC_DETAILS_JOB, { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 });
    // An admin's "Read rosters now".
    await boss.createQueue(ROSTER_READ_JOB, { retryLimit: 2, retryDelay: 30 });
    if (runsJobs) {
      for (const job of SCHEDULES) {
        await boss.createQueue(job.name, { retryLimit: 3, retryDelay: 10, retryBackoff: true });
        await boss.schedule(job.name, job.cron);
      }
      await boss.schedule(AUDIT_FORWARD_JOB, '* * * * *');
    }
    // A failed take-over leaves the jobs where they were, for the next start to try again.
    if (legacySchema !== undefined) {
      await takeOverLegacyJobs(databaseUrl, boss, legacySchema, timeouts).catch((err: unknown) =>
        opts.log?.(`job system could not take over the waiting jobs of pg-boss 10 in schema ${legacySchema}`, err),
      );
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
      await boss.work(ROSTER_READ_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const _job of jobs) await runLogged(ROSTER_READ_JOB, log, () => readDueRosters(deps, { force: true }));
      });
      await boss.work(AUDIT_FORWARD_JOB, async (jobs) => {
        for (const _job of jobs) await runLogged(AUDIT_FORWARD_JOB, log, () => forwardAuditEvents(deps));
      });
      // Polled every second (pg-boss's default is 2 s): an admin who triggers a sync sees it start at once.
      await boss.work<RadiantSyncJob>(RADIANT_SYNC_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          const resend = async (data: RadiantSyncJob, startAfter: Date) => void (await boss.send(RADIANT_SYNC_JOB, data, { startAfter }));
          await runLogged(RADIANT_SYNC_JOB, log, () => handleSyncJob(deps, job.data, { resend, worker: presence?.id() }));
        }
      });
      await boss.work(SYNC_DETAILS_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const _ of jobs) {
          const resend = async (startAfter: Date) => void (await boss.send(SYNC_DETAILS_JOB, {}, { startAfter }));
          const warn = (msg: string) => log.warn({ job: SYNC_DETAILS_JOB }, msg);
          await runLogged(SYNC_DETAILS_JOB, log, () => handleDetailsJob(deps, { resend, worker: presence?.id(), log: warn }));
        }
      });
      // Runs and a details fill left behind by a worker that was killed (its presence lock is gone) go on now.
      await runLogged('radiant-sync-sweep', log, () => requeueStalledRuns(deps)).catch(() => undefined);
      await runLogged('radiant-sync-details-sweep', log, () => startDetailsFill(deps)).catch(() => undefined);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
      await presence?.close();
    },
  };
}
