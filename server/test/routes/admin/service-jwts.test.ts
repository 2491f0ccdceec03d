import { ServiceJwtInput } from '@portal/contract';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceJwtFixture } from '../../helpers/fixtures.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let player: string;

const body = serviceJwtFixture({ subject: 'svc:billing', authorized_party: 'billing-ui', k8s_secret_name: 'billing-jwt' });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  player = (await signIn(ctx, '1:100002')).cookie;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  ctx.kube.clear();
  ctx.kube.secrets.clear();
  await ctx.deps.db.query('DELETE FROM service_jwt_configs');
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, payload, cookies: cookie ? { portal_session: cookie } : {} });
const create = async (patch: object = {}) => {
  const res = await call('POST', '/api/admin/service-jwts', { ...body, ...patch });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const jwks = async () => createLocalJWKSet((await ctx.app.inject('/.well-known/jwks.json')).json());

describe('who may call /api/admin/service-jwts', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
    ['GET', '/api/admin/service-jwts'],
    ['POST', '/api/admin/service-jwts'],
    ['PUT', `/api/admin/service-jwts/${id}`],
    ['DELETE', `/api/admin/service-jwts/${id}`],
    ['POST', `/api/admin/service-jwts/${id}/rotate-now`],
    ['GET', `/api/admin/service-jwts/${id}/rotations`],
  ];
  it.each(calls)('%s %s: 401 without a session, 403 for a player', async (method, url) => {
    const anon = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : body, '');
    expect(anon.statusCode).toBe(401);
    const denied = await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : body, player);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'forbidden', message: 'You do not have the admin role.' });
  });
});

describe('creating a configuration', () => {
  it('writes a JWT to the Secret at once that verifies against the JWKS with the configured claims', async () => {
    const created = await create();
    expect(created).toMatchObject({ service_name: 'billing-worker', rotation_interval_minutes: 1440, last_rotated_at: expect.any(String) });
    const token = ctx.kube.value('billing', 'billing-jwt', 'token')!;
    expect(decodeProtectedHeader(token)).toMatchObject({ typ: 'at+jwt', alg: 'ES256', kid: expect.any(String) });
    const { payload } = await jwtVerify(token, await jwks(), {
      issuer: 'http://localhost:3000',
      audience: 'billing-api',
      typ: 'at+jwt',
      currentDate: ctx.clock.now(),
    });
    expect(payload).toMatchObject({ sub: 'svc:billing', azp: 'billing-ui', client_id: 'billing-worker', jti: expect.any(String) });
    expect(payload.exp! - payload.iat!).toBe(55 * 60);
    const secret = ctx.kube.secrets.get('billing/billing-jwt')!;
    expect(secret.metadata.labels).toMatchObject({ 'app.kubernetes.io/managed-by': 'swc-portal' });
    expect(secret.metadata.annotations).toMatchObject({
      'swc-portal.io/rotated-at': ctx.clock.now().toISOString(),
      'swc-portal.io/expires-at': new Date(ctx.clock.now().getTime() + 55 * 60_000).toISOString(),
    });
  });

  it('leaves azp out without an authorized party', async () => {
    await create({ authorized_party: '' });
    const { payload } = await jwtVerify(ctx.kube.value('billing', 'billing-jwt', 'token')!, await jwks(), { currentDate: ctx.clock.now() });
    expect(payload.azp).toBeUndefined();
  });

  it('patches only its key into an existing Secret and leaves the other keys alone', async () => {
    ctx.kube.secrets.set('billing/billing-jwt', {
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'Opaque',
      metadata: { name: 'billing-jwt', namespace: 'billing', resourceVersion: '1', labels: { team: 'billing' } },
      data: { 'db-password': Buffer.from('hunter2').toString('base64') },
    });
    await create();
    expect(ctx.kube.value('billing', 'billing-jwt', 'db-password')).toBe('hunter2');
    expect(ctx.kube.value('billing', 'billing-jwt', 'token')).toMatch(/^ey/);
    expect(ctx.kube.secrets.get('billing/billing-jwt')!.metadata.labels).toMatchObject({
      team: 'billing',
      'app.kubernetes.io/managed-by': 'swc-portal',
    });
    expect(ctx.kube.requests.some((r) => r.method === 'PATCH' && r.contentType === 'application/merge-patch+json')).toBe(true);
  });

  it('never returns the token in the API', async () => {
    const created = await create();
    const listed = (await call('GET', '/api/admin/service-jwts')).body;
    const token = ctx.kube.value('billing', 'billing-jwt', 'token')!;
    expect(JSON.stringify(created)).not.toContain(token);
    expect(listed).not.toContain(token);
    expect((await call('GET', `/api/admin/service-jwts/${created.id}/rotations`)).body).not.toContain(token);
  });

  it('answers 409 for a second configuration with the same service name', async () => {
    await create();
    const res = await call('POST', '/api/admin/service-jwts', body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A JWT configuration for the service "billing-worker" already exists.');
  });

  it('answers 409 naming the configuration that already writes the same namespace, Secret and key', async () => {
    await create();
    const res = await call('POST', '/api/admin/service-jwts', { ...body, service_name: 'billing-copy' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message:
        'The JWT configuration "billing-worker" already writes the key "token" of the Secret billing/billing-jwt; choose another namespace, Secret name or key.',
    });
    expect((await call('GET', '/api/admin/service-jwts')).json()).toHaveLength(1);
  });

  it('answers 409 when a change would make a configuration write where another already does, and keeps it as it was', async () => {
    const first = await create();
    const second = await create({ service_name: 'ledger', k8s_secret_key: 'ledger-token' });
    const tokenBefore = ctx.kube.value('billing', 'billing-jwt', 'token');
    const { id, last_rotated_at: _l, token_expires_at: _t, ...fields } = second;
    const res = await call('PUT', `/api/admin/service-jwts/${id}`, { ...fields, k8s_secret_key: 'token' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`The JWT configuration "${first.service_name}" already writes the key "token"`);
    expect(ctx.kube.value('billing', 'billing-jwt', 'token')).toBe(tokenBefore);
    const listed = (await call('GET', '/api/admin/service-jwts')).json() as { id: string; k8s_secret_key: string }[];
    expect(listed.find((c) => c.id === id)?.k8s_secret_key).toBe('ledger-token');
  });

  it('takes another key of the same Secret, and a configuration saved again unchanged', async () => {
    const first = await create();
    await create({ service_name: 'ledger', k8s_secret_key: 'ledger-token' });
    const { id, last_rotated_at: _l, token_expires_at: _t, ...fields } = first;
    expect((await call('PUT', `/api/admin/service-jwts/${id}`, fields)).statusCode).toBe(200);
  });

  it.each([
    [{ ttl_minutes: 4 }, 'TTL must be at least 5 minutes'],
    [{ ttl_minutes: 1441 }, 'TTL must be at most 1440 minutes'],
    [{ rotation_interval_minutes: 30 }, 'Rotation interval must be at least 1 hour'],
    [{ k8s_namespace: 'Billing_NS' }, 'K8s namespace must be a valid Kubernetes name'],
    [{ k8s_secret_name: 'a..b' }, 'K8s secret name must be a valid Kubernetes name'],
    [{ k8s_secret_key: 'to ken' }, 'K8s secret key may contain only'],
    [{ audience: '' }, 'Audience is required'],
    [{ ttl_minutes: '55' }, 'TTL must be a whole number of minutes'],
  ])('answers 400 with a message for %j', async (patch, message) => {
    const res = await call('POST', '/api/admin/service-jwts', { ...body, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('keeps the configuration and records a Failed history row when Kubernetes refuses', async () => {
    ctx.kube.fail({
      status: 403,
      reason: 'Forbidden',
      message: 'secrets is forbidden: User "portal" cannot create resource "secrets" in namespace "billing"',
    });
    const created = await create();
    expect(created.last_rotated_at).toBeNull();
    const history = (await call('GET', `/api/admin/service-jwts/${created.id}/rotations`)).json();
    expect(history).toEqual([
      {
        rotatedAt: expect.any(String),
        type: 'manual',
        status: 'failed',
        message: expect.stringContaining('Kubernetes answered 403 Forbidden when reading Secret billing/billing-jwt'),
      },
    ]);
  });

  it('audits the creation and the rotation with the acting admin', async () => {
    await create();
    const { rows } = await ctx.deps.db.query(
      `SELECT a.event, u.uid FROM audit_log a JOIN users u ON u.id = a.actor_id WHERE a.event LIKE 'service_jwt%' ORDER BY a.id DESC LIMIT 2`,
    );
    expect(rows).toEqual([
      { event: 'service_jwt_rotated', uid: '1:100001' },
      { event: 'service_jwt_created', uid: '1:100001' },
    ]);
  });
});

describe('changing a configuration', () => {
  it('updates it, and writes a new token when the target or claims changed', async () => {
    const created = await create();
    ctx.clock.advance(60_000);
    const res = await call('PUT', `/api/admin/service-jwts/${created.id}`, { ...body, k8s_secret_key: 'jwt', rotation_enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ k8s_secret_key: 'jwt', rotation_enabled: false });
    expect(ctx.kube.value('billing', 'billing-jwt', 'jwt')).toMatch(/^ey/);
  });

  it('does not rotate for a change of schedule alone', async () => {
    const created = await create();
    ctx.clock.advance(60_000);
    const res = await call('PUT', `/api/admin/service-jwts/${created.id}`, { ...body, rotation_interval_minutes: 120 });
    expect(res.json().last_rotated_at).toBe(created.last_rotated_at);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call('PUT', '/api/admin/service-jwts/00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    const bad = await call('PUT', '/api/admin/service-jwts/not-a-uuid', body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id must be a JWT configuration id');
  });

  it('stores every field of the contract’s input and reads it back', async () => {
    const sent = serviceJwtFixture({
      service_name: 'ledger',
      audience: 'ledger-api',
      subject: 'svc:ledger',
      authorized_party: 'ledger-ui',
      ttl_minutes: 30,
      k8s_namespace: 'finance',
      k8s_secret_name: 'ledger-token',
      k8s_secret_key: 'jwt',
      rotation_enabled: false,
      rotation_interval_minutes: 120,
    });
    const created = await create(sent);
    const listed = (await call('GET', '/api/admin/service-jwts')).json().find((c: { id: string }) => c.id === created.id);
    for (const field of Object.keys(ServiceJwtInput.shape) as (keyof typeof sent)[]) expect(listed[field], field).toEqual(sent[field]);
  });

  it('deletes it', async () => {
    const created = await create();
    expect((await call('DELETE', `/api/admin/service-jwts/${created.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/service-jwts')).json()).toEqual([]);
    expect((await call('DELETE', `/api/admin/service-jwts/${created.id}`)).statusCode).toBe(404);
  });
});

describe('Rotate Now and history', () => {
  it('writes a new token and lists history newest first', async () => {
    const created = await create();
    const first = ctx.kube.value('billing', 'billing-jwt', 'token');
    ctx.clock.advance(5 * 60_000);
    const res = await call('POST', `/api/admin/service-jwts/${created.id}/rotate-now`);
    expect(res.statusCode).toBe(200);
    expect(res.json().last_rotated_at).toBe(ctx.clock.now().toISOString());
    expect(ctx.kube.value('billing', 'billing-jwt', 'token')).not.toBe(first);
    const history = (await call('GET', `/api/admin/service-jwts/${created.id}/rotations`)).json();
    expect(history.map((h: { status: string; type: string }) => [h.type, h.status])).toEqual([
      ['manual', 'success'],
      ['manual', 'success'],
    ]);
    expect(new Date(history[0].rotatedAt) > new Date(history[1].rotatedAt)).toBe(true);
  });

  it('answers 502 with the Kubernetes reason when the write fails, and keeps last_rotated_at', async () => {
    const created = await create();
    ctx.kube.fail({ method: 'PATCH', status: 409, reason: 'Conflict', message: 'the object has been modified' });
    ctx.clock.advance(60_000);
    const res = await call('POST', `/api/admin/service-jwts/${created.id}/rotate-now`);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'rotation_failed',
      message: 'Kubernetes answered 409 Conflict when patching Secret billing/billing-jwt: the object has been modified',
    });
    const listed = (await call('GET', '/api/admin/service-jwts')).json()[0];
    expect(listed.last_rotated_at).toBe(created.last_rotated_at);
  });
});
