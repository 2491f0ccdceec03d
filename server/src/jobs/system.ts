import { PgBoss, type ConstructorOptions } from 'pg-boss';
import pg from 'pg';
import { timeoutSettings, type DbTimeouts, type TimeoutSettings } from '../db/pool.ts';
import { startWorkerPresence, type WorkerPresence } from '../db/worker-presence.ts';
import type { Deps, JobDefinition, JobQueue, JobRetries } from '../deps.ts';
import { LEGACY_SCHEMA, takeOverLegacyJobs } from './legacy-takeover.ts';
import { JOBS } from './registry.ts';

/** What the jobs use: every port (accessChanged, to announce on every replica that access ended). */
type JobDeps = Deps;

/** Scheduled sweeps: pg-boss runs each tick on one replica only, and retries a failed run. */
const SWEEP_RETRIES: JobRetries = { retryLimit: 3, retryDelay: 10, retryBackoff: true };
/** The jobs that services send, whose jobs waiting in pg-boss 10 are taken over. */
const HANDED_OVER = JOBS.filter((job) => job.handedOver).map((job) => job.name);

/** How long a job that is running gets to finish once the process is asked to stop. */
export const JOBS_STOP_MS = 10_000;

/** The job system's schema; the jobs still waiting where pg-boss 10 kept them are taken over (legacy-takeover.ts). */
export const JOB_SCHEMA = 'pgboss_v12';
/** pg_advisory_lock key of the job system's set-up (an arbitrary constant of this product). */
const SETUP_LOCK = 0x5743_0b05;

/**
 * Bounds on pg-boss's own connections. Its maintenance deletes finished jobs in bulk and rebuilds
 * bloated indexes, which may take far longer than an API query; a minute still ends a wait on a
 * database that stopped answering instead of leaving job fetching, scheduling and maintenance hung
 * for good.
 */
const JOB_DB_TIMEOUTS: DbTimeouts = { connectSeconds: 5, statementSeconds: 60, idleInTransactionSeconds: 60 };

/** Where job runs are reported (the process's pino logger). */
interface JobLog {
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

interface JobSystemOptions {
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
    // Queues that take jobs from any replica exist everywhere; the sweeps' queues only where jobs run.
    for (const job of JOBS.filter((job) => job.handedOver || runsJobs)) {
      await boss.createQueue(job.name, job.retries ?? SWEEP_RETRIES);
      if (runsJobs && job.schedule !== undefined) await boss.schedule(job.name, job.schedule);
    }
    // A failed take-over leaves the jobs where they were, for the next start to try again.
    if (legacySchema !== undefined) {
      await takeOverLegacyJobs(databaseUrl, boss, legacySchema, HANDED_OVER, timeouts).catch((err: unknown) =>
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
      const run = (job: JobDefinition, data: object) =>
        runLogged(job.name, log, () =>
          job.run(deps, {
            data,
            resend: async (next, startAfter) => void (await boss.send(job.name, next, { startAfter })),
            worker: presence?.id() ?? null,
            warn: (msg) => log.warn({ job: job.name }, msg),
          }),
        );
      for (const job of JOBS) {
        const options = job.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: job.pollingIntervalSeconds };
        await boss.work<object>(job.name, options, async (jobs) => {
          for (const { data } of jobs) await run(job, data);
        });
      }
      // Work left behind by a worker that was killed (its presence lock is gone) goes on now.
      for (const job of JOBS.filter((job) => job.atWorkerStart)) await run(job, {}).catch(() => undefined);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: JOBS_STOP_MS });
      await presence?.close();
    },
  };
}
