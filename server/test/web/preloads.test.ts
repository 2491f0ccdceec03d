import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

const html = '<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script></head><body></body></html>';
const preloads = {
  '/dashboard': {
    modules: ['/assets/signed-in-1a2b3c.js', '/assets/dashboard-4d5e6f.js'],
    styles: ['/assets/signed-in-7a8b9c.css'],
    requests: ['/api/me', '/api/apps'],
  },
};
const page = { accept: 'text/html,application/xhtml+xml' };
const withSession = { ...page, cookie: 'portal_session=any-token' };

const contexts: TestContext[] = [];
const apps: FastifyInstance[] = [];
const dists: string[] = [];

/** A web build as the web app's vite.config.ts writes it, preloads.json as given. */
function writeDist(preloadsJson: string | null): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  dists.push(dist);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), html);
  if (preloadsJson !== null) writeFileSync(path.join(dist, 'preloads.json'), preloadsJson);
  return dist;
}

/** The server on a build with this preloads.json (none: null), in `dist` when given. */
async function serve(
  preloadsJson: string | null,
  env: Record<string, string> = {},
  dist = writeDist(preloadsJson),
): Promise<FastifyInstance> {
  const ctx = await createTestApp(env);
  contexts.push(ctx);
  const app = await buildApp(ctx.deps, { webDist: dist });
  apps.push(app);
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await serve(JSON.stringify(preloads));
});
afterAll(async () => {
  for (const a of apps) await a.close();
  for (const ctx of contexts) await ctx.close();
  for (const dist of dists) rmSync(dist, { recursive: true, force: true });
});

describe("index.html starts a signed-in player's first load", () => {
  it('names the chunks, stylesheets and first API requests of the path when a session cookie comes along', async () => {
    const res = await app.inject({ url: '/dashboard', headers: withSession });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<script type="module" src="/assets/index-3f9a1c.js"></script>');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/me">');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/apps">');
    // Below the entry script's own files, which the page needs first.
    expect(head).toContain('<link rel="stylesheet" crossorigin fetchpriority="low" href="/assets/signed-in-7a8b9c.css">');
    expect(head).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/signed-in-1a2b3c.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/dashboard-4d5e6f.js">');
  });

  it('keeps that page out of shared caches and says it depends on the cookie', async () => {
    const res = await app.inject({ url: '/dashboard?from=login', headers: withSession });
    expect(res.body).toContain('href="/api/me"');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('a visitor without a session cookie gets index.html as built, which also depends on the cookie', async () => {
    const res = await app.inject({ url: '/dashboard', headers: page });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(html);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it.each(['/login', '/admin/users', '/'])('%s, which the build lists no first load for, is index.html as built', async (url) => {
    const res = await app.inject({ url, headers: withSession });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(html);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('asks the API requests of the auth service where it runs elsewhere', async () => {
    const elsewhere = await serve(JSON.stringify(preloads), { AUTH_BASE_URL: 'https://auth.example.test/' });
    const res = await elsewhere.inject({ url: '/dashboard', headers: withSession });
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="https://auth.example.test/api/me">');
  });

  it.each([
    ['no preloads.json', null],
    ['a preloads.json of another shape', JSON.stringify({ '/dashboard': ['/assets/x.js'] })],
    ['a preloads.json that is no JSON', '{'],
  ])('a build with %s still serves index.html as built', async (_what, preloadsJson) => {
    const plain = await serve(preloadsJson);
    const res = await plain.inject({ url: '/dashboard', headers: withSession });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(html);
  });

  it('serves a new build at once, as it does the plain index.html', async () => {
    const dist = writeDist(JSON.stringify(preloads));
    const rebuilt = await serve(null, {}, dist);
    expect((await rebuilt.inject({ url: '/dashboard', headers: withSession })).body).toContain('/assets/dashboard-4d5e6f.js');

    writeFileSync(path.join(dist, 'index.html'), html.replace('index-3f9a1c.js', 'index-77aa11.js'));
    writeFileSync(
      path.join(dist, 'preloads.json'),
      JSON.stringify({ '/dashboard': { ...preloads['/dashboard'], modules: ['/assets/dashboard-8e9f0a.js'] } }),
    );
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(dist, 'index.html'), later, later);

    const body = (await rebuilt.inject({ url: '/dashboard', headers: withSession })).body;
    expect(body).toContain('/assets/index-77aa11.js');
    expect(body).toContain('/assets/dashboard-8e9f0a.js');
    expect(body).not.toContain('/assets/dashboard-4d5e6f.js');
  });
});
