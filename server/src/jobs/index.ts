import PgBoss from 'pg-boss';
import type { Deps } from '../deps.ts';
import { deleteExpiredLoginAttempts } from '../queries/login-attempts.ts';
import { runRotationSweep } from '../services/rotation-sweep.ts';

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Scheduled sweeps: pg-boss runs each tick on one replica only, and retries a failed run. */
const SCHEDULES: { name: string; cron: string; run: (deps: Deps) => Promise<unknown> }[] = [
  { name: 'service-jwt-rotation-sweep', cron: '* * * * *', run: (deps) => runRotationSweep(deps) },
  { name: 'signing-key-rotation', cron: '17 * * * *', run: (deps) => deps.keys.ensure() },
  { name: 'login-attempt-cleanup', cron: '*/15 * * * *', run: (deps) => deleteExpiredLoginAttempts(deps.db, deps.clock.now()) },
];

export async function startJobs(
  deps: Deps,
  databaseUrl: string,
  opts: { schema?: string; log?: (msg: string, err?: unknown) => void } = {},
): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: opts.schema ?? 'pgboss' });
  boss.on('error', (err) => opts.log?.('job system error', err));
  await boss.start();
  for (const job of SCHEDULES) {
    await boss.createQueue(job.name, { name: job.name, retryLimit: 3, retryDelay: 10, retryBackoff: true });
    await boss.schedule(job.name, job.cron);
    await boss.work(job.name, async () => {
      await job.run(deps);
    });
  }
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
