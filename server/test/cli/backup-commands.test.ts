import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../src/db/backup.ts';
import { embeddedClusterDir } from '../../src/db/embedded.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { createEncryptor } from '../../src/lib/encryption.ts';
import { createKeySet } from '../../src/services/tokens/signing-keys.ts';
import { createTestDb } from '../helpers/test-db.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cli-'));

/** `npm run <command> -- args` as an operator runs it, with this environment on top. */
function run(command: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  const { DATABASE_URL: _unset, ENCRYPTION_KEY: _key, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [path.join(root, `server/src/cli/${command}.ts`), ...args], {
    cwd: root,
    env: { ...inherited, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run backup and npm run restore refuse in words what they cannot do', () => {
  let fakePostgres: ChildProcess | undefined;
  afterAll(() => {
    fakePostgres?.kill();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(embeddedClusterDir(dataDir), { recursive: true, force: true });
  });

  it('a server named by DATABASE_URL: they name pg_dump and pg_restore', () => {
    const backup = run('backup', [], { DATABASE_URL: 'postgres://portal@db.example.com/portal' });
    expect(backup.status).toBe(1);
    expect(backup.stderr).toContain('DATABASE_URL is set: npm run backup works on the embedded database only. Use pg_dump');
    const restore = run('restore', ['x.jsonl.gz'], { DATABASE_URL: 'postgres://portal@db.example.com/portal' });
    expect(restore.stderr).toContain('Use pg_restore');
  });

  it('a DATA_DIR with no database to back up, and a restore without a file', () => {
    const backup = run('backup', []);
    expect(backup.status).toBe(1);
    expect(backup.stderr).toContain(`There is no embedded database in ${dataDir} to back up`);
    expect(run('restore', []).stderr).toContain('Say which backup to restore: npm run restore -- <file>');
  });

  it('a file that is not a backup', () => {
    const notes = path.join(dataDir, 'notes.txt');
    writeFileSync(notes, 'hello');
    const restore = run('restore', [notes]);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toBe(`${notes} is not a portal backup (npm run backup writes them, under DATA_DIR/backups/)\n`);
  });

  describe('while the portal runs', () => {
    beforeAll(() => {
      // A process that looks like the portal's embedded PostgreSQL on this DATA_DIR, named in its postmaster.pid.
      const clusterDir = embeddedClusterDir(dataDir);
      mkdirSync(clusterDir, { recursive: true });
      fakePostgres = spawn('bash', ['-c', `exec -a "postgres -D ${clusterDir}" sleep 60`], { stdio: 'ignore' });
      writeFileSync(path.join(clusterDir, 'postmaster.pid'), `${fakePostgres.pid}\n${clusterDir}\n0\n54321\n`);
    });

    it('restore refuses, naming the running PostgreSQL', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the exec has replaced bash's command line
      const restore = run('restore', [path.join(dataDir, 'notes.txt')]);
      expect(restore.status).toBe(1);
      expect(restore.stderr).toBe(
        `The portal is running (its embedded PostgreSQL, pid ${fakePostgres!.pid}, has ${embeddedClusterDir(dataDir)} open): stop it, then restore.\n`,
      );
    });
  });
});

describe('npm run restore, then npm run backup, on an embedded database', () => {
  const KEY = 'ab'.repeat(32);
  const fresh = mkdtempSync(path.join(tmpdir(), 'portal-cli-restore-'));
  let file: string;
  beforeAll(async () => {
    const source = await createTestDb();
    await createKeySet({ db: source.db, clock: systemClock, encryptor: createEncryptor(KEY) }).ensure();
    await source.db.query(`INSERT INTO users (uid, name) VALUES ('1:100002', 'Mira Solan')`);
    file = await writeBackup(source.url, source.schema, path.join(fresh, 'from-elsewhere'));
    await source.drop();
  });
  afterAll(() => {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(embeddedClusterDir(fresh), { recursive: true, force: true });
  });

  it('refuses a backup its encryption key does not open; restores it with the right key, saying what; backs it up again with the portal stopped', () => {
    const wrong = run('restore', [file], { DATA_DIR: fresh, ENCRYPTION_KEY: 'cd'.repeat(32) });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(`${file} was taken with another encryption key: its secrets do not open with ENCRYPTION_KEY`);

    const right = run('restore', [file], { DATA_DIR: fresh, ENCRYPTION_KEY: KEY });
    expect(right.status, right.stderr).toBe(0);
    expect(right.stdout).toMatch(
      new RegExp(
        `^Restored ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, taken .*: \\d+ rows in \\d+ tables \\(users 1, sessions 0, apps 1,`,
      ),
    );
    expect(right.stdout).toContain('sessions and refresh tokens issued since are unknown');

    const backup = run('backup', [], { DATA_DIR: fresh, ENCRYPTION_KEY: KEY });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^${path.join(fresh, 'backups')}/portal-\\d{8}T\\d{6}\\.\\d{3}Z\\.jsonl\\.gz\\n$`));
  });
});
