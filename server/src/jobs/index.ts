import PgBoss from 'pg-boss';
import type { Deps } from '../deps.ts';
import { deleteExpiredLoginAttempts } from '../queries/login-attempts.ts';
import { deliverBackchannelLogout } from '../services/backchannel-logout.ts';
import { runRotationSweep } from '../services/rotation-sweep.ts';
import { BACKCHANNEL_LOGOUT_JOB, type BackchannelLogoutJob } from '../services/sign-out.ts';
import type { JobQueue } from './queue.ts';

/** Scheduled sweeps: pg-boss runs each tick on one replica only, and retries a failed run. */
const SCHEDULES: { name: string; cron: string; run: (deps: Deps) => Promise<unknown> }[] = [
  { name: 'service-jwt-rotation-sweep', cron: '* * * * *', run: (deps) => runRotationSweep(deps) },
  { name: 'signing-key-rotation', cron: '17 * * * *', run: (deps) => deps.keys.ensure() },
  { name: 'login-attempt-cleanup', cron: '*/15 * * * *', run: (deps) => deleteExpiredLoginAttempts(deps.db, deps.clock.now()) },
];

export interface JobSystem {
  boss: PgBoss;
  queue: JobQueue;
  /** Starts the workers (after the deps that they use exist). */
  work(deps: Deps): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobSystem(
  databaseUrl: string,
  opts: { schema?: string; log?: (msg: string, err?: unknown) => void } = {},
): Promise<JobSystem> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: opts.schema ?? 'pgboss' });
  boss.on('error', (err) => opts.log?.('job system error', err));
  await boss.start();
  await boss.createQueue(BACKCHANNEL_LOGOUT_JOB, { name: BACKCHANNEL_LOGOUT_JOB, retryLimit: 8, retryDelay: 5, retryBackoff: true });
  for (const job of SCHEDULES) {
    await boss.createQueue(job.name, { name: job.name, retryLimit: 3, retryDelay: 10, retryBackoff: true });
    await boss.schedule(job.name, job.cron);
  }
  return {
    boss,
    queue: {
      async send(name, data) {
        await boss.send(name, data);
      },
    },
    async work(deps) {
      for (const job of SCHEDULES) {
        await boss.work(job.name, async () => {
          await job.run(deps);
        });
      }
      await boss.work<BackchannelLogoutJob>(BACKCHANNEL_LOGOUT_JOB, async (jobs) => {
        for (const job of jobs) await deliverBackchannelLogout(deps, job.data);
      });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
