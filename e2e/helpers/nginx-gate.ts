import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runDaemon } from './daemon.ts';

/**
 * Debian's nginx in front of an upstream, gated by the product's forward auth (`auth_request` to
 * /auth/verify?aud=…), as an ingress-nginx `auth-url` does: the identity headers of the check are
 * passed on to the upstream.
 */
export async function startNginxGate(opts: {
  port: number;
  verifyUrl: string;
  upstream: string;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-gate-'));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${opts.port};
    location / {
      auth_request /_verify;
      auth_request_set $auth_user $upstream_http_x_auth_request_user;
      auth_request_set $auth_roles $upstream_http_x_auth_request_roles;
      auth_request_set $auth_groups $upstream_http_x_auth_request_groups;
      auth_request_set $auth_token $upstream_http_authorization;
      proxy_set_header X-Auth-Request-User $auth_user;
      proxy_set_header X-Auth-Request-Roles $auth_roles;
      proxy_set_header X-Auth-Request-Groups $auth_groups;
      proxy_set_header Authorization $auth_token;
      proxy_pass ${opts.upstream};
    }
    location = /_verify {
      internal;
      proxy_pass ${opts.verifyUrl};
      proxy_pass_request_body off;
      proxy_set_header Content-Length "";
    }
  }
}
`,
  );
  const url = `http://127.0.0.1:${opts.port}`;
  const daemon = await runDaemon({ name: 'nginx', command: '/usr/sbin/nginx', args: ['-c', conf, '-p', dir], url, dir, signal: 'SIGQUIT' });
  return {
    url,
    stop: daemon.stop,
  };
}
