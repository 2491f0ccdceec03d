import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { acceptedRanges } from '../../src/web/page-request.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let app: FastifyInstance;
let dist: string;
const index = '<!doctype html><title>portal</title><script type="module" src="/assets/index-3f9a1c.js"></script>';

beforeAll(async () => {
  ctx = await createTestApp();
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), index);
  writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  app = await buildApp(ctx.deps, { webDist: dist });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, accept?: string) => app.inject({ url, headers: accept === undefined ? {} : { accept } });
const curl = '*/*';

describe('the web app for a client that is not a browser', () => {
  it.each([
    ['/login', curl],
    ['/login', undefined],
    ['/dashboard', curl],
    ['/profile', curl],
    ['/swc/consents', 'text/*'],
    ['/admin/users?q=mira', curl],
    ['/admin/radiant-mgmt', 'application/json, */*;q=0.8'],
    ['/admin/apps/0b5e1a52-3f0c-4d7e-9a43-2a1f64f3c1d2', curl],
    ['/admin/users/0b5e1a52-3f0c-4d7e-9a43-2a1f64f3c1d2?tab=sessions', curl],
  ])('GET %s with Accept %s gets the page, as `curl localhost:3000/login` does', async (url, accept) => {
    const res = await get(url, accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('/assets/index-3f9a1c.js');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a browser still gets the page at any path, the app then sends it on', async () => {
    const res = await get('/no/such/screen', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/assets/index-3f9a1c.js');
  });

  it.each([
    ['/api/nope', 'application/json'],
    ['/api/nope', curl],
    ['/api/nope', undefined],
    ['/auth/nope', curl],
    ['/.well-known/nope', curl],
    ['/login', 'application/json'],
    ['/login', 'text/html;q=0, application/json'],
  ])('GET %s with Accept %s keeps the JSON 404', async (url, accept) => {
    const res = await get(url, accept);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: `No route for GET ${url}.` });
  });

  it.each([
    ['/metrics', 'Prometheus on the public port'],
    ['/assets/index-0ld0ne.js', 'a chunk of an earlier build'],
    ['/favicon.ico', 'a file that is not there'],
    ['/no/such/screen', 'a path that is no screen'],
    ['/admin/apps/some-id/more', 'a path below a screen with an id'],
    ['/admin/appsX', 'a path that only starts like a screen'],
  ])('GET %s (%s) from a client that takes any type is a 404, not the page', async (url) => {
    const res = await get(url, curl);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a write to a screen path is no page either', async () => {
    const res = await app.inject({ method: 'POST', url: '/login', headers: { accept: curl, 'sec-fetch-site': 'same-origin' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('acceptedRanges', () => {
  it.each([
    [undefined, ['*/*']],
    ['', ['*/*']],
    ['TEXT/HTML; charset=utf-8', ['text/html']],
    ['text/html,application/xhtml+xml,*/*;q=0.8', ['text/html', 'application/xhtml+xml', '*/*']],
    ['application/json, */*;q=0', ['application/json']],
    ['text/html;q=0.0, application/json', ['application/json']],
  ])('%s: %j', (accept, expected) => {
    expect(acceptedRanges(accept)).toEqual(expected);
  });
});
