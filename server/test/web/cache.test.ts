import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let app: FastifyInstance;
let dist: string;
const page = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  ctx = await createTestApp();
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script src="/assets/index-3f9a1c.js"></script>');
  writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  app = await buildApp(ctx.deps, { webDist: dist });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('caching of the web app after a deploy', () => {
  it.each([
    ['/', 'any client', {}],
    ['/', 'a browser', page],
    ['/index.html', 'any client', {}],
    ['/dashboard', 'a browser', page],
    ['/admin/users?q=mira', 'a browser', page],
  ])('GET %s from %s serves index.html for revalidation on every visit', async (url, _who, headers) => {
    const res = await app.inject({ url, headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/assets/index-3f9a1c.js');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('content-hashed bundles under /assets/ are cached for a year and never revalidated', async () => {
    const res = await app.inject('/assets/index-3f9a1c.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('other static files are cached briefly only', async () => {
    const res = await app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('an unknown API path is still a JSON 404, not the web app', async () => {
    const res = await app.inject({ url: '/api/nope', headers: page });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No route for GET /api/nope.' });
  });
});
