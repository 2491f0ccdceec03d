import { PRODUCT_NODE_FLAGS } from '../../server/src/runtime-flags.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningProduct {
  baseUrl: string;
  /** The management port: /healthz, /readyz and /metrics. */
  managementUrl: string;
  databaseUrl: string;
  dataDir: string;
  /** The server's (node) process id. */
  pid: number;
  /** Everything the server has written to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
  /**
   * Stops it as Kubernetes and Compose do (SIGTERM to the process), or as Ctrl-C in a terminal does (SIGINT to its
   * whole process group; start it with `ownProcessGroup`); resolves with the exit code once the process has ended.
   */
  terminate(how?: 'SIGTERM' | 'Ctrl-C'): Promise<number | null>;
  /** SIGKILL, as a crash or the OOM killer would; DATA_DIR is left as it is. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** Run on this DATA_DIR (kept afterwards) instead of a fresh one (removed by stop()). */
  dataDir?: string;
  /** In a process group of its own, as a shell runs a command in a terminal. */
  ownProcessGroup?: boolean;
}

/** As root the embedded PostgreSQL runs as `postgres`, who must reach DATA_DIR (else its data lands in /tmp and outlives the run). */
export function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-run-'));
  chmodSync(dir, 0o755);
  return dir;
}

/** Another server on the port would answer our tests in our product's place. */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} is already in use: stop what runs there or choose another port`)));
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** Polls the management port, which listens after the main port: ready there means ready on both. */
async function waitForReady(managementUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited early:\n${output()}`);
    try {
      if ((await fetch(`${managementUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the product did not become ready:\n${output()}`);
}

/**
 * Starts the product as README command 1 does (embedded PostgreSQL, simulator, built web app) on
 * a fresh DATA_DIR (or `options.dataDir`); the web app must have been built (npm run build -w web).
 */
export async function startProduct(
  port: number,
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
  options: StartOptions = {},
): Promise<RunningProduct> {
  // PORT + 1 and PORT + 2: the bundled SWCombine and Discord simulators.
  await Promise.all([assertPortFree(port), assertPortFree(port + 1), assertPortFree(port + 2)]);
  const dataDir = options.dataDir ?? freshDataDir();
  const managementPort = extraEnv.MANAGEMENT_PORT ?? String(await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    MANAGEMENT_PORT: managementPort,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  for (const name of [
    'DATABASE_URL',
    'SWC_CLIENT_ID',
    'SWC_CLIENT_SECRET',
    'ADMIN_UIDS',
    'PUBLIC_URL',
    'MANAGEMENT_HOST',
    'NODE_ENV',
    'VITEST',
    'VITEST_WORKER_ID',
  ]) {
    if (!(name in extraEnv)) delete env[name];
  }
  let log = '';
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, ...nodeArgs, 'server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const baseUrl = `http://localhost:${port}`;
  const managementUrl = `http://localhost:${managementPort}`;
  await waitForReady(managementUrl, child, () => log);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const terminate = (how: 'SIGTERM' | 'Ctrl-C' = 'SIGTERM') => {
    if (how === 'SIGTERM') child.kill('SIGTERM');
    else process.kill(-child.pid!, 'SIGINT');
    return exited;
  };
  return {
    baseUrl,
    managementUrl,
    databaseUrl: readFileSync(path.join(dataDir, 'database-url'), 'utf8').trim(),
    dataDir,
    pid: child.pid!,
    output: () => log,
    async stop() {
      await Promise.race([terminate(), new Promise((r) => setTimeout(r, 10_000))]);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    terminate,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
