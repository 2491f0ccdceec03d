import { existsSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from '../db/backup-format.ts';
import { writeBackup } from '../db/backup.ts';
import { embeddedUrl, startEmbeddedPostgres } from '../db/embedded.ts';
import { embeddedTarget, runCommand } from './embedded-target.ts';

/**
 * `npm run backup`: one file under DATA_DIR/backups/, its path on stdout. A running portal's embedded
 * PostgreSQL is read as it runs (one consistent snapshot); a stopped one is started for the backup and
 * stopped again.
 */
await runCommand(async () => {
  const target = embeddedTarget(process.env, 'backup');
  if (!existsSync(path.join(target.clusterDir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${target.dataDir} to back up (is DATA_DIR right? The portal creates it at its first start)`,
    );
  }
  const dir = path.join(target.dataDir, 'backups');
  let file: string;
  if (target.running) {
    file = await writeBackup(embeddedUrl(target.dataDir, target.running.port), 'public', dir);
  } else {
    const db = await startEmbeddedPostgres(target.dataDir, (m) => process.stderr.write(`${m}\n`));
    try {
      file = await writeBackup(db.url, 'public', dir);
    } finally {
      await db.stop();
    }
  }
  process.stdout.write(`${file}\n`);
  process.stderr.write(
    `Backed up the embedded database${target.running ? ' of the running portal' : ''}. Keep the file with the encryption key ` +
      `(ENCRYPTION_KEY, or ${path.join(target.dataDir, 'encryption.key')} when it is unset): the secrets in it are unreadable without that key.\n`,
  );
});
