import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverBackchannelLogout, type BackchannelLogoutJob } from '../../../src/services/access-end/backchannel-logout.ts';
import { appFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let miraId: string;
let receiver: Server;
let receiverUrl: string;
let receiverStatus = 200;
const received: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  await signIn(ctx, '1:100002');
  miraId = await userIdOf(ctx, '1:100002');
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(body);
      res.writeHead(receiverStatus).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/backchannel`;
  const apps = [
    appFixture({
      key: 'wiki',
      audience: 'wiki-api',
      frontchannel_logout_url: 'https://wiki.example.com/logout',
      backchannel_logout_url: receiverUrl,
    }),
    appFixture({ key: 'open', name: 'Open', skip_uid_whitelist: true }),
    appFixture({ key: 'staff', name: 'Staff', allow_global_admin: true }),
  ];
  for (const a of apps) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/apps', cookies: { portal_session: admin }, payload: a });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  receiver.close();
  await ctx.close();
});

const verify = (aud: string, cookie?: string) =>
  ctx.app.inject({ url: `/auth/verify?aud=${aud}`, cookies: cookie ? { portal_session: cookie } : {} });
const adminCall = (method: string, url: string, payload?: object) =>
  ctx.app.inject({ method: method as 'GET', url, payload, cookies: { portal_session: admin } });
const jwks = async () => createLocalJWKSet((await ctx.app.inject('/.well-known/jwks.json')).json());

describe('GET /auth/verify', () => {
  it('answers 401 without a session and 400 without an audience', async () => {
    expect((await verify('wiki-api')).statusCode).toBe(401);
    expect((await ctx.app.inject('/auth/verify')).statusCode).toBe(400);
  });

  it('admits granted access with identity headers and a JWT that verifies against the JWKS', async () => {
    const mira = (await signIn(ctx, '1:100002')).cookie;
    expect((await verify('wiki-api', mira)).statusCode).toBe(401);
    await adminCall('POST', `/api/admin/users/${miraId}/apps/wiki/grant`);
    const wikiId = (await ctx.deps.db.query(`SELECT id FROM apps WHERE key = 'wiki'`)).rows[0].id;
    await adminCall('POST', '/api/admin/consents/grant', { userId: miraId, appId: wikiId, value: 'wiki.edit' });
    await adminCall('POST', '/api/admin/roles/grant', { userId: miraId, appId: wikiId, value: 'staff' });

    const res = await verify('wiki-api', mira);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'x-auth-request-user': '1:100002',
      'x-auth-request-name': 'Mira Solan',
      'x-auth-request-roles': 'staff',
    });
    const jwt = String(res.headers.authorization).replace(/^Bearer /, '');
    expect(decodeProtectedHeader(jwt)).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    const { payload } = await jwtVerify(jwt, await jwks(), {
      issuer: 'http://localhost:3000',
      audience: 'wiki-api',
      typ: 'at+jwt',
      currentDate: ctx.clock.now(),
    });
    const sid = (await adminCall('GET', `/api/admin/users/${miraId}/sessions`)).json().map((s: { sid: string }) => s.sid);
    expect(payload).toMatchObject({ sub: '1:100002', client_id: 'wiki', scp: ['wiki.edit'], roles: ['staff'], jti: expect.any(String) });
    expect(sid).toContain(payload.sid);
    expect(payload.exp! - payload.iat!).toBe(300);
  });

  it('counts every answer, admitted or refused, in the request metrics', async () => {
    const count = async (status: number) => {
      const body = (await (await ctx.management()).inject('/metrics')).body;
      const line = body
        .split('\n')
        .find(
          (l) =>
            l.startsWith('http_request_duration_seconds_count{') &&
            l.includes('route="/auth/verify"') &&
            l.includes(`status_code="${status}"`),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const [admitted, refused] = [await count(200), await count(401)];
    await verify('open', admin);
    await verify('open', admin);
    await verify('wiki-api');
    expect([await count(200), await count(401)]).toEqual([admitted + 2, refused + 1]);
  });

  it('takes a suspension, a revocation and a new grant into account on the next check', async () => {
    const mira = (await signIn(ctx, '1:100002')).cookie;
    await adminCall('POST', `/api/admin/users/${miraId}/apps/wiki/grant`);
    expect((await verify('wiki-api', mira)).statusCode).toBe(200);
    await adminCall('POST', `/api/admin/users/${miraId}/apps/wiki/suspend`);
    expect((await verify('wiki-api', mira)).statusCode).toBe(401);
    await adminCall('POST', `/api/admin/users/${miraId}/apps/wiki/grant`);
    expect((await verify('wiki-api', mira)).statusCode).toBe(200);
    await adminCall('DELETE', `/api/admin/users/${miraId}/apps/wiki/grant`);
    expect((await verify('wiki-api', mira)).statusCode).toBe(401);
  });

  it('takes an ended session into account on the next check', async () => {
    const mira = (await signIn(ctx, '1:100002')).cookie;
    expect((await verify('open', mira)).statusCode).toBe(200);
    const sessions = (await adminCall('GET', `/api/admin/users/${miraId}/sessions`)).json();
    for (const s of sessions) await adminCall('DELETE', `/api/admin/users/${miraId}/sessions/${s.sid}`);
    expect((await verify('open', mira)).statusCode).toBe(401);
  });

  it('admits anyone to an app that bypasses the UID whitelist', async () => {
    const mira = (await signIn(ctx, '1:100002')).cookie;
    expect((await verify('open', mira)).statusCode).toBe(200);
  });

  it('admits a global admin where the app allows it, with the admin role', async () => {
    const res = await verify('staff', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-request-roles']).toBe('admin');
    const mira = (await signIn(ctx, '1:100002')).cookie;
    expect((await verify('staff', mira)).statusCode).toBe(401);
  });

  it('answers 401 for an audience no app has', async () => {
    expect((await verify('nope', admin)).statusCode).toBe(401);
  });
});

describe('single logout', () => {
  it('ends every session of the user, loads front-channel pages, and queues back-channel logout', async () => {
    await adminCall('POST', `/api/admin/users/${miraId}/apps/wiki/grant`);
    const first = (await signIn(ctx, '1:100002')).cookie;
    const second = (await signIn(ctx, '1:100002')).cookie;
    expect((await verify('wiki-api', first)).statusCode).toBe(200);
    ctx.sentJobs.length = 0;

    const res = await ctx.app.inject({ method: 'POST', url: '/auth/logout', cookies: { portal_session: first } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Signing you out');
    expect(res.body).toMatch(/<iframe src="https:\/\/wiki\.example\.com\/logout\?iss=http%3A%2F%2Flocalhost%3A3000&amp;sid=[^"]+"/);
    expect(res.body).toContain('url=http://localhost:3000/login');
    expect((await ctx.app.inject({ url: '/api/me', cookies: { portal_session: second } })).statusCode).toBe(401);
    expect((await verify('wiki-api', first)).statusCode).toBe(401);
    expect(ctx.sentJobs).toEqual([
      {
        name: 'backchannel-logout',
        data: {
          appId: expect.any(String),
          userId: miraId,
          sid: expect.any(String),
          viaOidc: false,
          app: expect.objectContaining({ key: 'wiki' }),
        },
      },
    ]);
  });

  it('posts a logout_token that verifies, and audits the delivery', async () => {
    const job = ctx.sentJobs.at(-1)!.data as BackchannelLogoutJob;
    received.length = 0;
    await deliverBackchannelLogout(ctx.deps, job);
    const token = new URLSearchParams(received[0]).get('logout_token')!;
    expect(decodeProtectedHeader(token).typ).toBe('logout+jwt');
    const { payload } = await jwtVerify(token, await jwks(), {
      issuer: 'http://localhost:3000',
      audience: 'wiki-api',
      typ: 'logout+jwt',
      currentDate: ctx.clock.now(),
    });
    expect(payload).toMatchObject({ sub: '1:100002', sid: job.sid, events: { 'http://schemas.openid.net/event/backchannel-logout': {} } });
    expect(payload.nonce).toBeUndefined();
    const audit = await ctx.deps.db.query(`SELECT event, details FROM audit_log WHERE event LIKE 'backchannel%' ORDER BY id DESC LIMIT 1`);
    expect(audit.rows[0]).toMatchObject({ event: 'backchannel_logout_delivered', details: { outcome: 'delivered' } });
  });

  it('throws for a retry and audits when the app refuses', async () => {
    const job = ctx.sentJobs.at(-1)!.data as BackchannelLogoutJob;
    receiverStatus = 500;
    await expect(deliverBackchannelLogout(ctx.deps, job)).rejects.toThrow(
      'back-channel logout to wiki failed: the app failed to handle it',
    );
    receiverStatus = 200;
    const audit = await ctx.deps.db.query(`SELECT event, details FROM audit_log WHERE event LIKE 'backchannel%' ORDER BY id DESC LIMIT 1`);
    expect(audit.rows[0]).toMatchObject({
      event: 'backchannel_logout_failed',
      details: { outcome: 'failed: the app failed to handle it' },
    });
  });

  it('notifies an app the user signed in to through /auth/login, even without a forward-auth check', async () => {
    await adminCall('POST', `/api/admin/users/${miraId}/apps/wiki/grant`);
    const { cookie, response } = await signIn(ctx, '1:100002', {}, { aud: 'wiki-api', rd: 'https://wiki.example.com/start' });
    expect(response.headers.location).toBe('https://wiki.example.com/start');
    ctx.sentJobs.length = 0;
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/logout', cookies: { portal_session: cookie } });
    expect(res.body).toContain('https://wiki.example.com/logout?iss=');
    expect(ctx.sentJobs.map((j) => j.name)).toEqual(['backchannel-logout']);
  });

  it('redirects straight to /login when no app needs a front-channel logout', async () => {
    const jorin = (await signIn(ctx, '1:100001')).cookie;
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/logout', cookies: { portal_session: jorin } });
    expect(res.statusCode).toBe(303);
  });
});
