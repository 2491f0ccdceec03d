import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runDaemon } from './daemon.ts';

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
		copy_headers X-Auth-Request-User X-Auth-Request-Name X-Auth-Request-Roles X-Auth-Request-Groups Authorization
	}
	reverse_proxy ${opts.upstream}
}
`,
  );
  // Caddy keeps its state under $HOME / XDG directories: here, inside the throwaway folder.
  const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir };
  const url = `http://localhost:${opts.port}`;
  const daemon = await runDaemon({
    name: 'caddy',
    command: '/usr/bin/caddy',
    args: ['run', '--config', conf, '--adapter', 'caddyfile'],
    url,
    dir,
    signal: 'SIGTERM',
    env,
  });
  return {
    url,
    stop: daemon.stop,
  };
}
