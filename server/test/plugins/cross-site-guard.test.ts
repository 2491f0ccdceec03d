import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bodyTypeGuard from '../../src/plugins/body-type-guard.ts';
import crossSiteGuard from '../../src/plugins/cross-site-guard.ts';

const PORTAL = 'https://portal.example.com';
let app: FastifyInstance;

// The opt-out that a server-to-server route (RFC 8693 token exchange at POST /auth/token) will use.
beforeAll(async () => {
  app = Fastify();
  app.decorate('isAllowedOrigin', async (origin: string) => origin === PORTAL);
  await app.register(crossSiteGuard);
  await app.register(bodyTypeGuard);
  await app.register(formbody);
  app.post('/browser', async () => ({ ok: true }));
  app.post(
    '/token',
    { config: { crossSite: 'server-to-server', bodyTypes: ['application/x-www-form-urlencoded'] } },
    async (request) => request.body,
  );
  await app.ready();
});
afterAll(() => app.close());

describe('a route with config.crossSite = server-to-server', () => {
  it('takes a call that names no origin, as a backend service sends it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/token',
      payload: 'grant_type=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ grant_type: 'x' });
  });

  it('still takes only the body types it declares', async () => {
    const res = await app.inject({ method: 'POST', url: '/token', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(415);
  });

  it('leaves every other route guarded', async () => {
    expect((await app.inject({ method: 'POST', url: '/browser' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/browser', headers: { origin: PORTAL } })).statusCode).toBe(200);
  });
});
