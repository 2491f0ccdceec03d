// Reads the counts bench/lib/count-statements.ts keeps inside the product's process.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StatementCounts {
  statements: number;
  writes: number;
  /** Requests to SWCombine's web services (the simulator's, in the bench). */
  swcRequests: number;
  /** Rows answered by the prepared statement named `rowsOf` (0 without one). */
  rows: number;
}

export interface StatementCounter {
  /** The product's node flags that load the counter. */
  nodeArgs: string[];
  /** The product's environment for it. */
  env: Record<string, string>;
  /** The counts so far, from the product with this pid. */
  read(pid: number): Promise<StatementCounts>;
}

/**
 * `ignore`: statements whose text matches are not counted (e.g. the job system's polling). `rowsOf`: the name of a
 * prepared statement whose rows are counted (e.g. forward auth's, one row per check it read).
 */
export function statementCounter(ignore?: RegExp, rowsOf?: string): StatementCounter {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-statements-')), 'counts.json');
  return {
    nodeArgs: ['--import', fileURLToPath(new URL('./count-statements.ts', import.meta.url))],
    env: {
      STATEMENT_COUNTS: file,
      ...(ignore ? { STATEMENT_COUNTS_IGNORE: ignore.source } : {}),
      ...(rowsOf ? { STATEMENT_COUNTS_ROWS_OF: rowsOf } : {}),
    },
    async read(pid) {
      rmSync(file, { force: true });
      process.kill(pid, 'SIGUSR2');
      for (let i = 0; i < 100; i++) {
        try {
          return JSON.parse(readFileSync(file, 'utf8')) as StatementCounts;
        } catch {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      throw new Error('the product did not write its statement counts');
    },
  };
}
