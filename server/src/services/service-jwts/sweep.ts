import { RotationType } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { inTransaction, serialized } from '../../db/pool.ts';
import { isRotationDue } from '../../domain/rotation-due.ts';
import { lockDueServiceJwts } from './queries/service-jwts.ts';
import { rotateServiceJwt } from './rotation.ts';

interface SweepResult {
  rotated: number;
  failed: number;
}

/**
 * Rotates every due configuration. Each batch is locked with SKIP LOCKED inside one transaction,
 * so concurrent sweeps on several replicas split the work and none rotates a configuration twice.
 */
export async function runRotationSweep(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config' | 'secrets'>,
  opts: { batchSize?: number; concurrency?: number } = {},
): Promise<SweepResult> {
  const batchSize = opts.batchSize ?? 100;
  const concurrency = opts.concurrency ?? 16;
  const result: SweepResult = { rotated: 0, failed: 0 };
  for (;;) {
    const batch = await inTransaction(deps.db, async (tx) => {
      const now = deps.clock.now();
      const candidates = await lockDueServiceJwts(tx, now, batchSize);
      // The SQL narrows and locks candidates; the domain rule decides.
      const due = candidates.filter((c) => isRotationDue(c, now));
      // Kubernetes writes overlap; the transaction's statements queue up on its one connection.
      const db = serialized(tx);
      let next = 0;
      const worker = async () => {
        while (next < due.length) {
          const outcome = await rotateServiceJwt(deps, db, due[next++]!, RotationType.Auto);
          if (outcome.ok) result.rotated++;
          else result.failed++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
      return { selected: candidates.length, rotated: due.length };
    });
    // Stop when the table is drained, or when the rule turned a whole batch down (nothing would change).
    if (batch.selected < batchSize || batch.rotated === 0) return result;
  }
}
