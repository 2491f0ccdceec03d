import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Is `pid` a live process (not a zombie waiting for its parent)? */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** The process's command line, or null when this system does not tell. */
function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    } catch {
      return null;
    }
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 100) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

/** The PostgreSQL running on `pgDir` (its postmaster.pid names a live postgres process on it), or null. */
export function runningPostgres(pgDir: string): { pid: number; port: string } | null {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const [pidLine, , , portLine] = readFileSync(file, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const command = commandLine(pid);
  if (command !== null && (!command.includes('postgres') || !command.includes(pgDir))) return null;
  return { pid, port: portLine?.trim() ?? '' };
}

/**
 * A PostgreSQL left running on `pgDir` by a run that crashed (postmaster.pid: first line the pid,
 * fourth the port) is stopped with a fast shutdown; a pid file whose process is gone, or belongs to
 * something else, is removed. Afterwards the folder is free for a new server.
 */
export async function clearLeftoverPostgres(pgDir: string, log: (msg: string) => void): Promise<void> {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return;
  const [pidLine, , , portLine] = readFileSync(file, 'utf8').split('\n');
  const pid = Number(pidLine);
  const command = Number.isInteger(pid) && pid > 0 && isAlive(pid) ? commandLine(pid) : '';
  if (command === null) return; // cannot tell whose process it is: PostgreSQL itself decides (and says why)
  if (!command.includes('postgres') || !command.includes(pgDir)) {
    log(`embedded PostgreSQL: removing a stale postmaster.pid (process ${pidLine} is not running it)`);
    rmSync(file, { force: true });
    return;
  }
  log(`embedded PostgreSQL: stopping the server an earlier run left on port ${portLine?.trim()} (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 15_000)) return;
  process.kill(pid, 'SIGQUIT'); // immediate shutdown; the next start replays the WAL
  if (await waitForExit(pid, 5_000)) return;
  throw new Error(`PostgreSQL (pid ${pid}) running on ${pgDir} did not stop; stop it and start again`);
}
