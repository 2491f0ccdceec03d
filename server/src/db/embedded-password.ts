import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** What clusters created before the generated password used. */
export const LEGACY_PASSWORD = 'portal';

/** The embedded PostgreSQL's password: generated once, kept in DATA_DIR/postgres-password (0600). */
export function loadOrCreatePassword(dataDir: string): string {
  const file = path.resolve(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const password = randomBytes(24).toString('base64url');
  writeFileSync(`${file}.tmp`, `${password}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
  return password;
}

/**
 * Connects as `postgres` with `password`. A cluster still on the old fixed password is moved to
 * `password` first (the file is written before the ALTER, so an interrupted move is finished on the
 * next start).
 */
export async function connectAdmin(port: number, password: string, log: (msg: string) => void): Promise<pg.Client> {
  const connect = async (pw: string) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: pw, database: 'postgres' });
    await client.connect();
    return client;
  };
  try {
    return await connect(password);
  } catch (err) {
    if ((err as { code?: string }).code !== '28P01') throw err;
    const client = await connect(LEGACY_PASSWORD);
    await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(password)}`);
    log('embedded PostgreSQL: replaced the old fixed password with the generated one in DATA_DIR/postgres-password');
    return client;
  }
}
