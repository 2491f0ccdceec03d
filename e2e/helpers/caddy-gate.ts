import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Debian's Caddy serving `http://localhost:<port>` in front of an upstream, gated by the product's
 * forward auth (`forward_auth` to /auth/verify?aud=…) as docs/sign-in.md configures it: Caddy
 * sends the page asked for in X-Forwarded-Proto/-Host/-Uri, hands a refusal or a redirect to the
 * browser as it is, and passes the identity headers of an admitted check on to the upstream.
 */
export async function startCaddyGate(opts: {
  port: number;
  /** host:port of the product. */
  auth: string;
  audience: string;
  upstream: string;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'caddy-gate-'));
  const conf = path.join(dir, 'Caddyfile');
  writeFileSync(
    conf,
    `{
	admin off
	auto_https off
}
http://localhost:${opts.port} {
	bind 127.0.0.1
	forward_auth ${opts.auth} {
		uri /auth/verify?aud=${opts.audience}
		copy_headers X-Auth-Request-User X-Auth-Request-Name X-Auth-Request-Roles Authorization
	}
	reverse_proxy ${opts.upstream}
}
`,
  );
  // Caddy keeps its state under $HOME / XDG directories: here, inside the throwaway folder.
  const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir };
  const child: ChildProcess = spawn('/usr/bin/caddy', ['run', '--config', conf, '--adapter', 'caddyfile'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = `http://localhost:${opts.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`caddy did not listen on ${url}: ${stderr}`);
    const up = await fetch(url, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
