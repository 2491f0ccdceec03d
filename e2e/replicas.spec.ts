import { createHash, randomBytes } from 'node:crypto';
import { PORTAL_APP_KEY } from '@portal/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA, startJobSystem } from '../server/src/jobs/system.ts';
import { FakeKubernetes } from '../server/test/helpers/fake-kubernetes.ts';
import { approveAtSimulator } from '../server/test/helpers/sign-in.ts';
import { freshDatabase, type FreshDatabase } from './helpers/fresh-database.ts';
import { startReplica, type Replica } from './helpers/replica.ts';
import { seedApps } from './helpers/seed.ts';

/**
 * A deployment as deploy/kubernetes/portal.yaml runs it: two web replicas and a worker on one
 * PostgreSQL, behind one PUBLIC_URL (replica A's address stands in for the ingress).
 */
const BASE = Number(process.env.E2E_PORT ?? 4200) + 10;
// A web replica's SWCombine simulator takes port + 1, its Discord simulator port + 2.
const PORT = { a: BASE, b: BASE + 3, worker: BASE + 6 };
const PUBLIC_URL = `http://localhost:${PORT.a}`;
const SWEEP_JOB = 'service-jwt-rotation-sweep';

let database: FreshDatabase;
let db: pg.Client;
let kube: FakeKubernetes;
let a: Replica;
let b: Replica;
let worker: Replica;
let admin: string;

/** Signs in through replica A as a player does (the simulator's page), answering the session cookie. */
async function signInThroughA(uid: string): Promise<string> {
  const login = await fetch(`${a.url}/auth/login?aud=${PORTAL_APP_KEY}&rd=${encodeURIComponent(`${PUBLIC_URL}/dashboard`)}`, {
    redirect: 'manual',
  });
  const state = cookieFrom(login, 'portal_login_state');
  const callback = new URL(await approveAtSimulator(login.headers.get('location')!, uid));
  const done = await fetch(`${a.url}${callback.pathname}${callback.search}`, {
    redirect: 'manual',
    headers: { cookie: `portal_login_state=${state}` },
  });
  return cookieFrom(done, 'portal_session');
}

function cookieFrom(res: Response, name: string): string {
  const value = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!value) throw new Error(`no ${name} cookie in the answer (${res.status})`);
  return value;
}

/** The admin's call as the portal's web app makes it: session cookie, and the portal's Origin. */
function adminCall(replica: Replica, method: string, path: string, body?: object) {
  return fetch(`${replica.url}${path}`, {
    method,
    headers: {
      cookie: `portal_session=${admin}`,
      origin: PUBLIC_URL,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

const jobLines = (replica: Replica) =>
  replica
    .log()
    .split('\n')
    .filter((l) => l.includes('"job":'));

beforeAll(async () => {
  database = await freshDatabase();
  kube = await new FakeKubernetes().start();
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL,
    ENCRYPTION_KEY: 'cd'.repeat(32),
    KUBECONFIG: kube.kubeconfig().file,
    LOG_LEVEL: 'debug',
  };
  // All three at once on the empty database, as a fresh deployment starts its pods.
  [a, b, worker] = await Promise.all([
    startReplica(PORT.a, { ...env, PORTAL_MODE: 'web' }),
    startReplica(PORT.b, { ...env, PORTAL_MODE: 'web' }),
    // The worker starts no simulator: it calls those replica A runs on its port + 1 and + 2.
    startReplica(PORT.worker, {
      ...env,
      PORTAL_MODE: 'worker',
      SWC_SIMULATOR_URL: `http://localhost:${PORT.a + 1}`,
      DISCORD_URL: `http://localhost:${PORT.a + 2}`,
    }),
  ]);
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  admin = await signInThroughA('1:100001');
});

afterAll(async () => {
  await db?.end();
  await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
  await kube?.stop();
  await database?.drop();
});

describe('two web replicas and a worker on one database', () => {
  it('the worker, and only the worker, rotates a due service JWT, exactly once', async () => {
    const created = await adminCall(a, 'POST', '/api/admin/service-jwts', {
      service_name: 'billing',
      audience: 'billing-api',
      subject: 'svc:billing',
      ttl_minutes: 60,
      k8s_namespace: 'apps',
      k8s_secret_name: 'billing-jwt',
      k8s_secret_key: 'token',
      rotation_enabled: true,
      rotation_interval_minutes: 60,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const firstToken = kube.value('apps', 'billing-jwt', 'token');
    expect(firstToken).toBeDefined();

    await db.query(`UPDATE service_jwt_configs SET last_rotated_at = now() - interval '61 minutes' WHERE id = $1`, [id]);
    // Two sweeps queued at once, as two cron ticks or two replicas might; the worker takes them.
    const sender = await startJobSystem(database.url, { runsJobs: false });
    const sent = await Promise.all([sender.boss.send(SWEEP_JOB, {}), sender.boss.send(SWEEP_JOB, {})]);
    await sender.stop();
    const completed = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE id = ANY($1::uuid[]) AND state = 'completed'`,
          [sent],
        )
      ).rows[0]!.n;
    await expect.poll(completed, { timeout: 30_000, interval: 250 }).toBe(2);

    const history = await db.query<{ type: string; status: string }>(
      'SELECT type, status FROM service_jwt_rotations WHERE config_id = $1',
      [id],
    );
    expect(history.rows.filter((r) => r.type === 'auto')).toEqual([{ type: 'auto', status: 'success' }]);
    expect(kube.value('apps', 'billing-jwt', 'token')).not.toBe(firstToken);

    expect(jobLines(worker).some((l) => l.includes(`"job":"${SWEEP_JOB}"`) && l.includes('job done'))).toBe(true);
    expect(jobLines(a)).toEqual([]);
    expect(jobLines(b)).toEqual([]);
  });

  it('a suspension made through replica A refuses forward auth on replica B at the next request', async () => {
    await seedApps(database.url, [{ key: 'wiki', name: 'Wiki', url: 'http://wiki.localhost/' }]);
    const player = await signInThroughA('1:100002');
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE uid = '1:100002'`);
    const grantPath = `/api/admin/users/${rows[0]!.id}/apps/wiki`;
    const verifyOnB = () => fetch(`${b.url}/auth/verify?aud=wiki`, { headers: { cookie: `portal_session=${player}` } });

    expect((await adminCall(a, 'POST', `${grantPath}/grant`)).status).toBe(200);
    expect((await verifyOnB()).status).toBe(200); // now cached on B
    expect((await verifyOnB()).status).toBe(200);

    expect((await adminCall(a, 'POST', `${grantPath}/suspend`)).status).toBe(200);
    // B hears of it through PostgreSQL's NOTIFY, within milliseconds of the answer to A.
    await expect.poll(async () => (await verifyOnB()).status, { timeout: 2000, interval: 50 }).toBe(401);
  });

  it("an admin's End session through replica A refuses the player's forward auth on replica B at the next request", async () => {
    await seedApps(database.url, [{ key: 'forum', name: 'Forum', url: 'http://forum.localhost/', skip_uid_whitelist: true }]);
    const player = await signInThroughA('1:100002');
    const verifyOnB = () => fetch(`${b.url}/auth/verify?aud=forum`, { headers: { cookie: `portal_session=${player}` } });
    expect((await verifyOnB()).status).toBe(200); // now cached on B
    const { rows } = await db.query<{ id: string; sid: string }>(
      `SELECT u.id, s.sid FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.uid = '1:100002' AND s.ended_at IS NULL
       ORDER BY s.created_at DESC LIMIT 1`,
    );
    expect((await adminCall(a, 'DELETE', `/api/admin/users/${rows[0]!.id}/sessions/${rows[0]!.sid}`)).status).toBe(204);
    await expect.poll(async () => (await verifyOnB()).status, { timeout: 2000, interval: 50 }).toBe(401);
  });

  it("an admin's End session through replica A refuses the player's OpenID Connect access token at userinfo on replica B", async () => {
    const redirectUri = 'http://ledger.localhost/callback';
    await seedApps(database.url, [
      { key: 'ledger', name: 'Ledger', url: 'http://ledger.localhost/', redirect_urls: [redirectUri], skip_uid_whitelist: true },
    ]);
    const player = await signInThroughA('1:100002');
    // A public client's code flow with PKCE through replica A, the player's portal session in hand.
    const verifier = randomBytes(32).toString('base64url');
    let url = `${a.url}/oidc/authorize?${new URLSearchParams({
      client_id: 'ledger',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile',
      state: 'replicas',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })}`;
    while (!url.startsWith(redirectUri)) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: `portal_session=${player}` } });
      const location = res.headers.get('location');
      if (!location) throw new Error(`${url} answered ${res.status} without a redirect`);
      url = new URL(location, url).href.replace(PUBLIC_URL, a.url);
    }
    const token = await fetch(`${a.url}/oidc/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: new URL(url).searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id: 'ledger',
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const userinfoOnB = () => fetch(`${b.url}/oidc/userinfo`, { headers: { authorization: `Bearer ${access_token}` } });
    expect((await userinfoOnB()).status).toBe(200); // now kept on B
    expect((await userinfoOnB()).status).toBe(200);

    const { rows } = await db.query<{ id: string; sid: string }>(
      `SELECT u.id, s.sid FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.uid = '1:100002' AND s.ended_at IS NULL
       ORDER BY s.created_at DESC LIMIT 1`,
    );
    expect((await adminCall(a, 'DELETE', `/api/admin/users/${rows[0]!.id}/sessions/${rows[0]!.sid}`)).status).toBe(204);
    await expect.poll(async () => (await userinfoOnB()).status, { timeout: 2000, interval: 50 }).toBe(401);
  });

  it('the worker syncs SWCombine data from the simulator replica A runs', async () => {
    expect(worker.log()).toContain(`SIMULATOR at http://localhost:${PORT.a + 1}`);
    expect((await adminCall(a, 'POST', '/api/admin/radiant-mgmt/sync/factions')).status).toBe(202);
    const latest = async () =>
      ((await (await adminCall(b, 'GET', '/api/admin/radiant-mgmt/history')).json()) as { runs: { status: string; message: string }[] })
        .runs[0];
    await expect
      .poll(latest, { timeout: 30_000, interval: 500 })
      .toMatchObject({ status: 'completed', message: expect.stringMatching(/^factions: \d+ \(\d+ new\)$/) });
  });

  it('a web replica publishes /metrics on its management port only, counting its public requests', async () => {
    expect((await fetch(`${a.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200); // load balancers probe the public port
    expect((await fetch(`${a.managementUrl}/readyz`)).status).toBe(200);
    const metrics = await fetch(`${a.managementUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/auth\/login",status_code="302"\} \d+$/m,
    );
  });

  it('the worker answers its probes and metrics on its management port, and nothing else', async () => {
    expect((await fetch(`${worker.managementUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker.managementUrl}/readyz`)).status).toBe(200);
    const metrics = await fetch(`${worker.managementUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('process_cpu_seconds_total');
    const me = await fetch(`${worker.managementUrl}/api/me`, { headers: { cookie: `portal_session=${admin}` } });
    expect(me.status).toBe(404);
    expect(await me.json()).toEqual({ error: 'not_found', message: 'No route for GET /api/me.' });
    expect((await fetch(`${worker.managementUrl}/auth/login?aud=${PORTAL_APP_KEY}`)).status).toBe(404);
    await expect(fetch(`${worker.url}/healthz`)).rejects.toThrow(); // nothing listens on a worker's PORT
  });
});
