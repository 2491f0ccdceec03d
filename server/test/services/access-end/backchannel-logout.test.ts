import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolveHost } from '../../../src/lib/outgoing-request.ts';
import { deliverBackchannelLogout, type BackchannelLogoutJob } from '../../../src/services/access-end/backchannel-logout.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let userId: string;
let target: Server;
let redirecting: Server;
const targetHits: string[] = [];
const targetBodies: string[] = [];
let redirectingHits = 0;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  ctx = await createTestApp(); // PUBLIC_URL http://localhost:3000: loopback apps are allowed, as in development
  await signIn(ctx, '1:100002');
  userId = await userIdOf(ctx, '1:100002');
  target = createServer((req, res) => {
    targetHits.push(req.url ?? '');
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      targetBodies.push(body);
      res.writeHead(200).end();
    });
  });
  const targetUrl = await listen(target);
  redirecting = createServer((_req, res) => {
    redirectingHits++;
    res.writeHead(307, { location: `${targetUrl}/logout` }).end();
  });
  await listen(redirecting);
});
afterAll(async () => {
  target.close();
  redirecting.close();
  await ctx.close();
});

async function jobFor(key: string, backchannelLogoutUrl: string): Promise<BackchannelLogoutJob> {
  const app = await createAppFixture(ctx, { key, backchannel_logout_url: backchannelLogoutUrl });
  return { appId: app.id, userId, sid: `sid-${key}` };
}

async function lastAudit(key: string) {
  const { rows } = await ctx.deps.db.query(`SELECT event, details FROM audit_log WHERE app_key = $1 ORDER BY id DESC`, [key]);
  expect(rows).toHaveLength(1);
  return rows[0] as { event: string; details: { sid: string; outcome: string } };
}

const evilResolvesToMetadata: ResolveHost = async (hostname) => {
  expect(hostname).toBe('evil.test');
  return [{ address: '169.254.169.254', family: 4 }];
};

describe('deliverBackchannelLogout', () => {
  it('does not follow a 307 to another server, audits the failure in words and does not retry', async () => {
    const port = (redirecting.address() as AddressInfo).port;
    const job = await jobFor('redirecting', `http://127.0.0.1:${port}/logout`);
    await expect(deliverBackchannelLogout(ctx.deps, job)).resolves.toBeUndefined();
    expect(redirectingHits).toBe(1);
    expect(targetHits).toEqual([]);
    expect(await lastAudit('redirecting')).toEqual({
      event: 'backchannel_logout_failed',
      details: { sid: 'sid-redirecting', outcome: 'failed: the app answered with a redirect, which is not followed' },
    });
  });

  it('refuses a host name that resolves to the metadata address, once, without a retry', async () => {
    const job = await jobFor('evil', 'http://evil.test/logout');
    await expect(deliverBackchannelLogout(ctx.deps, job, { resolve: evilResolvesToMetadata })).resolves.toBeUndefined();
    expect(await lastAudit('evil')).toMatchObject({
      event: 'backchannel_logout_failed',
      details: { outcome: 'failed: the address is link-local or a cloud metadata service, which the portal never calls' },
    });
  });

  it('refuses loopback when the portal does not run on loopback', async () => {
    const port = (target.address() as AddressInfo).port;
    const job = await jobFor('inward', `http://127.0.0.1:${port}/logout`);
    const production = { ...ctx.deps, config: { ...ctx.deps.config, publicUrl: 'https://portal.example.com' } };
    await deliverBackchannelLogout(production, job);
    expect(targetHits).toEqual([]);
    expect((await lastAudit('inward')).details.outcome).toBe(
      'failed: the address is this machine (loopback), which the portal calls only while it runs on loopback itself',
    );
  });

  it('delivers to an allowed address and audits it without the status code', async () => {
    const port = (target.address() as AddressInfo).port;
    const job = await jobFor('allowed', `http://localhost:${port}/logout`);
    await deliverBackchannelLogout(ctx.deps, job);
    expect(targetHits).toEqual(['/logout']);
    expect(await lastAudit('allowed')).toEqual({
      event: 'backchannel_logout_delivered',
      details: { sid: 'sid-allowed', outcome: 'delivered' },
    });
  });

  it('names the player alone (sub, no sid) when no session ended with the grant, addressed to the client_id', async () => {
    const port = (target.address() as AddressInfo).port;
    const app = await createAppFixture(ctx, { key: 'offline', backchannel_logout_url: `http://localhost:${port}/bye` });
    targetBodies.length = 0;
    await deliverBackchannelLogout(ctx.deps, { appId: app.id, userId, viaOidc: true });
    const token = new URLSearchParams(targetBodies[0]).get('logout_token')!;
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: '1:100002', aud: 'offline', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } });
    expect(claims).not.toHaveProperty('sid');
    expect(await lastAudit('offline')).toEqual({ event: 'backchannel_logout_delivered', details: { outcome: 'delivered' } });
  });
});
