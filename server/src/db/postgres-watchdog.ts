import { spawn } from 'node:child_process';

// Plain JavaScript run by `node -e`: no TypeScript loader needed, starts in milliseconds.
const WATCHDOG = `
const [parent, postgres] = process.argv.slice(1).map(Number);
const fs = require('node:fs');
const alive = (pid) => {
  try { process.kill(pid, 0); } catch (err) { return err.code === 'EPERM'; }
  try { return !/^\\d+ \\(.*\\) Z/.test(fs.readFileSync('/proc/' + pid + '/stat', 'utf8')); } catch { return true; }
};
setInterval(() => {
  if (!alive(postgres)) process.exit(0);
  if (alive(parent)) return;
  try { process.kill(postgres, 'SIGINT'); } catch {}
  process.exit(0);
}, 1000);
`;

/**
 * A detached process that polls `parentPid` every second and stops PostgreSQL (fast shutdown)
 * once the parent is gone, so a server killed with SIGKILL does not leave the database running.
 * It exits by itself when PostgreSQL stops first.
 */
export function watchPostgres(parentPid: number, postgresPid: number): void {
  const child = spawn(process.execPath, ['-e', WATCHDOG, String(parentPid), String(postgresPid)], {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => undefined);
  child.unref();
}
