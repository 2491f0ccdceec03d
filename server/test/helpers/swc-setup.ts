import { startSimulator, type RunningSimulator } from '@portal/swc-simulator';
import type pg from 'pg';
import { SIMULATOR_CLIENT } from '../../src/config.ts';
import { createPool } from '../../src/db/pool.ts';
import type { BudgetReserve } from '../../src/domain/swc-budget.ts';
import { createSwcBudget } from '../../src/services/swcombine/budget.ts';
import type { SwcClient } from '../../src/integrations/swcombine/client.ts';
import { createSwcClient } from '../../src/integrations/swcombine/oauth-client.ts';
import { TestClock } from './test-app.ts';
import { createTestDb } from './test-db.ts';

export const REDIRECT = 'http://localhost:3000/auth/callback';

export interface SwcSetup {
  sim: RunningSimulator;
  clock: TestClock;
  db: pg.Pool;
  swc: SwcClient;
  /** Another replica: its own pool and budget on the same database, talking to the same SWCombine. */
  replica(): SwcClient;
  close(): Promise<void>;
}

/** A simulator with its rate limit and a SWCombine client whose request budget lives in a fresh schema. */
export async function setUpSwc(
  opts: { rateLimit?: number; reserve?: BudgetReserve; rosterReserve?: BudgetReserve; assumedLimit?: number } = {},
): Promise<SwcSetup> {
  const clock = new TestClock();
  const sim = await startSimulator({
    port: 0,
    now: () => clock.now().getTime(),
    rateLimit: opts.rateLimit ?? 600,
    clients: [{ ...SIMULATOR_CLIENT, redirectUris: [REDIRECT] }],
  });
  const database = await createTestDb();
  const pools: pg.Pool[] = [];
  const clientOn = (db: pg.Pool) =>
    createSwcClient({
      baseUrl: sim.url,
      ...SIMULATOR_CLIENT,
      clock,
      budget: createSwcBudget({
        db,
        clock,
        reserve: opts.reserve ?? { count: 0, percent: 10 },
        rosterReserve: opts.rosterReserve ?? { count: 0, percent: 0 },
        assumedLimit: opts.assumedLimit ?? opts.rateLimit ?? 600,
        windowSeconds: 3600,
      }),
    });
  return {
    sim,
    clock,
    db: database.db,
    swc: clientOn(database.db),
    replica() {
      const pool = createPool(database.url, database.schema);
      pools.push(pool);
      return clientOn(pool);
    },
    async close() {
      await Promise.all(pools.map((p) => p.end()));
      await sim.close();
      await database.drop();
    },
  };
}
