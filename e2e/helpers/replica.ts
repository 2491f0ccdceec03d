import { PRODUCT_NODE_FLAGS } from '../../server/src/runtime-flags.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Replica {
  /** PORT: the product (a worker does not listen there). */
  url: string;
  /** MANAGEMENT_PORT: /healthz, /readyz and /metrics (all a worker serves). */
  managementUrl: string;
  /** Everything the process wrote so far (pino JSON lines and the start-up banner). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts one process of the product (`node server/src/main.ts`) on an existing
 * database, as a deployment runs its replicas: same DATABASE_URL and ENCRYPTION_KEY, own PORT,
 * MANAGEMENT_PORT (a free one) and DATA_DIR. Answers once /readyz on the management port does,
 * which listens after the main port. `from` is the folder it runs in: this checkout unless given
 * (the production tree).
 */
export async function startReplica(port: number, env: Record<string, string>, from: { dir: string } = { dir: root }): Promise<Replica> {
  // Another server on the port would answer the tests in this replica's place.
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} is already in use`)));
    probe.listen(port, () => probe.close(() => resolve()));
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-replica-'));
  const managementPort = env.MANAGEMENT_PORT ?? String(await freePort());
  const inherited = { ...process.env };
  for (const name of [
    'SWC_CLIENT_ID',
    'SWC_CLIENT_SECRET',
    'ADMIN_UIDS',
    'NODE_ENV',
    'KUBECONFIG',
    'MANAGEMENT_HOST',
    'VITEST',
    'VITEST_WORKER_ID',
  ]) {
    delete inherited[name];
  }
  let output = '';
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, 'server/src/main.ts'], {
    cwd: from.dir,
    env: { ...inherited, PORT: String(port), MANAGEMENT_PORT: managementPort, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://localhost:${port}`;
  const managementUrl = `http://localhost:${managementPort}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${managementUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, managementUrl, log: () => output, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the ${env.PORTAL_MODE ?? 'all'} replica on port ${port} did not become ready:\n${output}`);
}
