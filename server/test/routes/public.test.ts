import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

describe('operator endpoints', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await ctx.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database', async () => {
    const res = await ctx.app.inject('/readyz');
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/config.json tells the SPA where the auth service is and that the simulator is in use', async () => {
    const res = await ctx.app.inject('/config.json');
    expect(res.json()).toEqual({ authBaseUrl: '', integrationBaseUrl: '', simulator: true, version: '0.0.1' });
  });

  it('/metrics is not served here: only the management port publishes it', async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: { accept: 'text/plain;version=0.0.4' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No route for GET /metrics.' });
  });

  it('/api/docs serves the OpenAPI description', async () => {
    const res = await ctx.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/me', '/api/apps', '/auth/login']));
  });

  it('an unknown API path is a JSON 404 in the one error shape', async () => {
    const res = await ctx.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No route for GET /api/nope.' });
  });
});
