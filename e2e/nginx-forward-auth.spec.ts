import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signIn } from './helpers/http-session.ts';
import { startNginxGate } from './helpers/nginx-gate.ts';
import { seedApps } from './helpers/seed.ts';

/** Forward auth through a client nobody here wrote: Debian's nginx with auth_request. */
const baseUrl = inject('baseUrl');
const PORT = Number(process.env.E2E_PORT ?? 3900) + 80;
let upstream: Server;
let gate: Awaited<ReturnType<typeof startNginxGate>>;
let admin: string;
let mira: string;

beforeAll(async () => {
  await seedApps(inject('databaseUrl'), [{ key: 'gated', name: 'Gated', url: `http://127.0.0.1:${PORT}/`, skip_uid_whitelist: true }]);
  // The upstream app answers with what nginx handed it from the check.
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ user: req.headers['x-auth-request-user'], bearer: String(req.headers.authorization ?? '').startsWith('Bearer ') }),
    );
  });
  await new Promise<void>((r) => upstream.listen(PORT + 1, '127.0.0.1', r));
  gate = await startNginxGate({ port: PORT, verifyUrl: `${baseUrl}/auth/verify?aud=gated`, upstream: `http://127.0.0.1:${PORT + 1}` });
  admin = await signIn(baseUrl, '1:100001');
  mira = await signIn(baseUrl, '1:100002');
});
afterAll(async () => {
  await gate?.stop();
  upstream?.close();
});

const throughNginx = (cookie?: string) => fetch(`${gate.url}/reports`, { headers: cookie ? { cookie } : {} });

describe('nginx auth_request in front of an app that bypasses the UID whitelist', () => {
  it('refuses a request without a session', async () => expect((await throughNginx()).status).toBe(401));

  it('admits a signed-in player and hands the app her UID and an access token', async () => {
    const res = await throughNginx(mira);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: '1:100002', bearer: true });
  });

  it('refuses her once an admin suspends her there, bypass or not', async () => {
    const users = (await api(baseUrl, admin)('GET', '/api/admin/users?q=Mira')).body as { id: string }[];
    const suspended = await api(baseUrl, admin)('POST', `/api/admin/users/${users[0]!.id}/apps/gated/suspend`);
    expect(suspended.status).toBe(200);
    expect((await throughNginx(mira)).status).toBe(401);
  });
});
