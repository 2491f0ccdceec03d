import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BackupError } from '../db/backup-format.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { readBackupHeader, restoreBackup, type RestoreSummary } from '../db/restore.ts';
import { createEncryptor } from '../lib/encryption.ts';
import { embeddedTarget, runCommand } from './embedded-target.ts';

const DATABASE = 'portal';
const STAGING = 'portal_restoring';

/** What a restore means for the people using the portal, said after every restore. */
function report(file: string, summary: RestoreSummary): string {
  const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  const counts = ['users', 'sessions', 'apps', 'service_jwt_configs', 'groups', 'audit_log']
    .filter((t) => t in summary.rows)
    .map((t) => `${t} ${summary.rows[t]}`)
    .join(', ');
  return [
    `Restored ${file}, taken ${summary.createdAt}: ${total} rows in ${Object.keys(summary.rows).length} tables (${counts}).`,
    summary.upgradedBy.length
      ? `Its schema (${summary.backupSchema}) was brought up to this version by ${summary.upgradedBy.length} migrations: ${summary.upgradedBy.join(', ')}.`
      : `Its schema is this version's (${summary.backupSchema}).`,
    'The portal is now as it was when the backup was taken: sessions and refresh tokens issued since are unknown (those players sign in again),',
    'those ended since are live again until they expire, and rosters and access are the backup’s until the next sync. Start the portal.',
  ].join('\n');
}

/**
 * Does the restored database open with the key the portal will start with (ENCRYPTION_KEY, with
 * ENCRYPTION_KEY_PREVIOUS, or DATA_DIR/encryption.key)? A signing key is the test: every database has them.
 */
async function refuseAnotherKey(databaseUrl: string, dataDir: string, file: string): Promise<void> {
  const devKey = path.join(dataDir, 'encryption.key');
  const keyHex = process.env.ENCRYPTION_KEY || (existsSync(devKey) ? readFileSync(devKey, 'utf8').trim() : null);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sealed = (await client.query<{ v: string }>('SELECT private_jwk_enc AS v FROM signing_keys LIMIT 1').finally(() => client.end()))
    .rows[0]?.v;
  if (!sealed) return;
  if (!keyHex) {
    throw new BackupError(
      `${file} holds secrets encrypted with a key this DATA_DIR does not have: set ENCRYPTION_KEY, or copy encryption.key from the DATA_DIR the backup came from to ${devKey}, then restore again (nothing was changed)`,
    );
  }
  try {
    createEncryptor(keyHex, process.env.ENCRYPTION_KEY_PREVIOUS || undefined).decrypt(sealed);
  } catch {
    throw new BackupError(
      `${file} was taken with another encryption key: its secrets do not open with ${process.env.ENCRYPTION_KEY ? 'ENCRYPTION_KEY' : devKey}. Restore with the key it was taken with (nothing was changed)`,
    );
  }
}

/**
 * `npm run restore -- <file>`: with the portal stopped, replaces the embedded database with the backup.
 * The backup goes into a database of its own first; only a complete restore takes the place of the old one.
 */
await runCommand(async () => {
  const file = process.argv[2];
  if (!file)
    throw new BackupError(
      'Say which backup to restore: npm run restore -- <file> (npm run backup prints their paths, under DATA_DIR/backups/)',
    );
  const target = embeddedTarget(process.env, 'restore');
  if (target.running) {
    throw new BackupError(
      `The portal is running (its embedded PostgreSQL, pid ${target.running.pid}, has ${target.clusterDir} open): stop it, then restore.`,
    );
  }
  await readBackupHeader(file);
  const db = await startEmbeddedPostgres(target.dataDir, (m) => process.stderr.write(`${m}\n`), DATABASE);
  try {
    const adminUrl = new URL(db.url);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${STAGING}`);
      await admin.query(`CREATE DATABASE ${STAGING}`);
      const stagingUrl = new URL(db.url);
      stagingUrl.pathname = `/${STAGING}`;
      const summary = await restoreBackup(stagingUrl.toString(), 'public', file)
        .then(async (restored) => (await refuseAnotherKey(stagingUrl.toString(), target.dataDir, file), restored))
        .catch(async (err: unknown) => {
          await admin.query(`DROP DATABASE IF EXISTS ${STAGING} WITH (FORCE)`);
          throw err;
        });
      await admin.query(`DROP DATABASE ${DATABASE} WITH (FORCE)`);
      await admin.query(`ALTER DATABASE ${STAGING} RENAME TO ${DATABASE}`);
      process.stdout.write(`${report(file, summary)}\n`);
    } finally {
      await admin.end();
    }
  } finally {
    await db.stop();
  }
});
