import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/**
 * A server binary from Debian (nginx, Caddy, Apache) run for a spec: started in the foreground with its
 * files in `dir`, awaited until `url` answers, and stopped with `signal` (its own graceful stop), `dir`
 * removed after. `diagnostics` adds what the binary logged elsewhere to a start-up failure.
 */
export async function runDaemon(opts: {
  name: string;
  command: string;
  args: string[];
  url: string;
  dir: string;
  signal: NodeJS.Signals;
  env?: NodeJS.ProcessEnv;
  diagnostics?: () => string;
}): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(opts.command, opts.args, { env: opts.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const why = () => `${stderr}${opts.diagnostics?.() ?? ''}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${opts.name} exited: ${why()}`);
    if (Date.now() > deadline) throw new Error(`${opts.name} did not listen on ${opts.url}: ${why()}`);
    const up = await fetch(opts.url, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(opts.signal);
        await exited;
      }
      rmSync(opts.dir, { recursive: true, force: true });
    },
  };
}
