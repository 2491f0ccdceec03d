import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkerApp } from '../src/worker-app.ts';
import { createTestApp, type TestContext } from './helpers/test-app.ts';

let ctx: TestContext;
let worker: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestApp();
  worker = await buildWorkerApp(ctx.deps);
});
afterAll(async () => {
  await worker.close();
  await ctx.close();
});

describe('HTTP of a worker (PORTAL_MODE=worker)', () => {
  it.each(['/healthz', '/readyz', '/metrics'])('answers %s for the orchestrator and Prometheus', async (url) => {
    expect((await worker.inject(url)).statusCode).toBe(200);
  });

  it.each(['/api/me', '/config.json', '/.well-known/jwks.json', '/auth/login?aud=portal', '/dashboard'])(
    'serves nothing of the product at %s',
    async (url) => {
      const res = await worker.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: `No route for GET ${url.split('?')[0]}.` });
    },
  );
});
