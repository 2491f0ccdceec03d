import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Replica {
  url: string;
  /** Everything the process wrote so far (pino JSON lines and the start-up banner). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts one process of the product (`node --import tsx server/src/main.ts`) on an existing
 * database, as a deployment runs its replicas: same DATABASE_URL and ENCRYPTION_KEY, own PORT and
 * DATA_DIR. Answers once /readyz does.
 */
export async function startReplica(port: number, env: Record<string, string>): Promise<Replica> {
  // Another server on the port would answer the readiness checks in this replica's place.
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} is already in use`)));
    probe.listen(port, () => probe.close(() => resolve()));
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-replica-'));
  const inherited = { ...process.env };
  for (const name of ['SWC_CLIENT_ID', 'SWC_CLIENT_SECRET', 'ADMIN_UIDS', 'NODE_ENV', 'KUBECONFIG', 'VITEST', 'VITEST_WORKER_ID']) {
    delete inherited[name];
  }
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...inherited, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://localhost:${port}`;
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
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, log: () => output, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the ${env.PORTAL_MODE ?? 'all'} replica on port ${port} did not become ready:\n${output}`);
}
