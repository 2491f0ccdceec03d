import type { SyncTarget } from '@portal/contract';
import pg from 'pg';
import { systemClock } from '../../server/src/lib/clock.ts';
import { finishRun, insertQueuedRun } from '../../server/src/services/sync/queries/runs.ts';
import { auditRunFailed } from '../../server/src/services/sync/run-failed.ts';

/**
 * A sync run that ended failed with `message`, stored and audited (`sync_failed`) as the worker does when
 * SWCombine keeps failing: the failure without waiting minutes for a failing SWCombine.
 */
export async function seedFailedRun(databaseUrl: string, target: SyncTarget, message: string): Promise<void> {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const now = systemClock.now();
    const run = await insertQueuedRun(db, target, null, now, now);
    await finishRun(db, run.id, 'failed', message, now);
    await auditRunFailed({ db, clock: systemClock }, run, message);
  } finally {
    await db.end();
  }
}
