import type { ActivityRow, ForwardingState } from '@portal/contract';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, verifySignature } from '../../../src/domain/webhook-signature.ts';
import { auditEventsAfter } from '../../../src/queries/audit.ts';
import { AUDIT_FORWARD_JOB, forwardAuditEvents } from '../../../src/services/audit-trail/forwarding.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

const SECRET = 'whsec-0123456789abcdef';

/** The SIEM: records each delivery and answers `status`. */
let status = 200;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let server: Server;
let hookUrl: string;

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (status < 300) received.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  status = 200;
  received.length = 0;
});

const call = (method: string, url: string, payload?: object) =>
  ctx.app.inject({ method: method as 'GET', url, payload, cookies: { portal_session: admin } });
const state = async () => (await call('GET', '/api/admin/audit/forwarding')).json<ForwardingState>();
/**
 * Writes `n` events and waits until forwarding may send them: a round stops at an event whose transaction may still
 * have an older neighbour in progress, and the test files running beside this one share the database server.
 */
async function writeEvents(n: number, event = 'logout') {
  await ctx.deps.db.query(`INSERT INTO audit_log (created_at, event) SELECT $1, $2 FROM generate_series(1, $3::int)`, [
    ctx.clock.now(),
    event,
    n,
  ]);
  await expect.poll(async () => (await auditEventsAfter(ctx.deps.db, '0', 1000)).every((e) => e.settled), { timeout: 10_000 }).toBe(true);
}
const deliveredIds = () => received.map((r) => (JSON.parse(r.body) as ActivityRow).id);

describe('forwarding to a webhook', () => {
  it('is set by an admin (audited, the secret stored encrypted), and starts with the events written from then on', async () => {
    await writeEvents(3, 'login');
    const res = await call('PUT', '/api/admin/audit/forwarding', { url: hookUrl, secret: SECRET });
    expect(res.statusCode).toBe(200);
    // The change itself is the first event the webhook receives.
    expect(res.json()).toMatchObject({ configured: true, url: hookUrl, backlog: 1, failures: 0 });
    expect(ctx.sentJobs.at(-1)).toEqual({ name: AUDIT_FORWARD_JOB, data: {} });
    const stored = (await ctx.deps.db.query('SELECT secret_enc FROM audit_forwarding')).rows[0].secret_enc as string;
    expect(stored).not.toContain(SECRET);
    const set = (await ctx.deps.db.query(`SELECT details FROM audit_log WHERE event = 'audit_forwarding_set'`)).rows;
    expect(set).toEqual([{ details: { url: hookUrl } }]);
    expect(JSON.stringify(set)).not.toContain(SECRET);
  });

  it('delivers each new event once, in order, signed over timestamp and body', async () => {
    const { delivered_id: start } = await state();
    await writeEvents(4);
    expect((await state()).backlog).toBe(5); // the forwarding_set event too
    expect(await forwardAuditEvents(ctx.deps)).toEqual({ delivered: 5 });
    const ids = deliveredIds().map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBe(Number(start) + 1);
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    for (const { headers, body } of received) {
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-portal-event-id']).toBe((JSON.parse(body) as ActivityRow).id);
      expect(verifySignature(SECRET, String(headers[SIGNATURE_HEADER]), body, now)).toBe(true);
      expect(verifySignature(SECRET, String(headers[SIGNATURE_HEADER]), body, now + 301)).toBe(false); // replayed later
      expect(verifySignature('another-secret-entirely', String(headers[SIGNATURE_HEADER]), body, now)).toBe(false);
      expect(verifySignature(SECRET, String(headers[SIGNATURE_HEADER]), `${body} `, now)).toBe(false);
    }
    expect(await forwardAuditEvents(ctx.deps)).toEqual({ delivered: 0 });
    expect(await state()).toMatchObject({ backlog: 0, failures: 0, delivered_id: String(ids.at(-1)) });
  });

  it('keeps its place when the webhook fails, shows the failure, and never sends a delivered event again', async () => {
    await writeEvents(2);
    status = 503;
    await expect(forwardAuditEvents(ctx.deps)).rejects.toThrow('the app failed to handle it');
    await expect(forwardAuditEvents(ctx.deps)).rejects.toThrow();
    expect(await state()).toMatchObject({ backlog: 2, failures: 2, last_error: 'the app failed to handle it' });
    status = 200;
    expect(await forwardAuditEvents(ctx.deps)).toEqual({ delivered: 2 });
    expect(await state()).toMatchObject({ backlog: 0, failures: 0, last_error: null });
  });

  it('lets one worker deliver at a time: rounds run together send each event once', async () => {
    await writeEvents(30);
    const results = await Promise.all([forwardAuditEvents(ctx.deps), forwardAuditEvents(ctx.deps), forwardAuditEvents(ctx.deps)]);
    expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(30);
    expect(new Set(deliveredIds()).size).toBe(30);
    expect(received).toHaveLength(30);
  });

  it('never calls a link-local (cloud metadata) address a name resolves to, and says why on the screen', async () => {
    // Registration refuses such an address written out (routes/admin/registered-urls.test.ts); a name is checked at delivery.
    await call('PUT', '/api/admin/audit/forwarding', { url: 'http://siem.example.com/latest', secret: SECRET });
    await writeEvents(1);
    const resolve = async () => [{ address: '169.254.169.254', family: 4 }];
    await expect(forwardAuditEvents(ctx.deps, { resolve })).rejects.toThrow('link-local');
    expect((await state()).last_error).toContain('cloud metadata service, which the portal never calls');
  });

  it('stops when removed (audited); the same URL set again picks up after the newest event', async () => {
    expect((await call('DELETE', '/api/admin/audit/forwarding')).json()).toMatchObject({ configured: false, url: null });
    expect(await forwardAuditEvents(ctx.deps)).toEqual({ delivered: 0, idle: 'no webhook' });
    expect((await call('DELETE', '/api/admin/audit/forwarding')).statusCode).toBe(404);
    const removed = await ctx.deps.db.query(`SELECT 1 FROM audit_log WHERE event = 'audit_forwarding_removed'`);
    expect(removed.rowCount).toBe(1);
  });

  it('refuses a URL or secret it could not use, in words', async () => {
    const refused = async (body: object) => (await call('PUT', '/api/admin/audit/forwarding', body)).json<{ message: string }>().message;
    expect(await refused({ url: 'ftp://siem.example.com/', secret: SECRET })).toContain('URL must be an http:// or https:// address');
    expect(await refused({ url: hookUrl, secret: 'short' })).toContain('Secret must be at least 16 characters');
  });
});
