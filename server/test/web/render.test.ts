import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createAppFixture } from '../helpers/fixtures.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

const html =
  '<!doctype html><html><head><link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />' +
  '<script type="module" src="/assets/index-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';
const preloads = {
  '/dashboard': {
    modules: ['/assets/signed-in-landing-1a2b3c.js'],
    styles: ['/assets/signed-in-landing-7a8b9c.css'],
    requests: ['/api/me', '/api/apps'],
  },
};
/**
 * A server-render bundle with the web build's interface: it renders what it was handed, so the tests
 * see which answers the server fetched, for which origin, and with which config.
 */
const bundle = `
export const pages = {
  '/login': { signedIn: false, requests: [] },
  '/dashboard': { signedIn: true, requests: ['/api/me', '/api/apps'] },
  '/broken': { signedIn: false, requests: [] },
  '/declined': { signedIn: false, requests: [] },
  '/held': { signedIn: false, requests: [] },
};
const { existsSync } = await import('node:fs');
const released = (file) => new Promise((resolve) => { const t = setInterval(() => existsSync(file) && (clearInterval(t), resolve()), 10); });
export async function renderPage({ pathname, origin, config, answers }) {
  if (pathname === '/broken') throw new Error('the bundle failed');
  if (pathname === '/declined') return null;
  // Held until the test writes this file (it reads the head meanwhile).
  if (pathname === '/held') await released(RELEASE_FILE);
  const me = answers['/api/me'] ? JSON.parse(answers['/api/me'].body) : null;
  return { html: '<main>' + pathname + ' for ' + (me ? me.name : 'a guest') + ' at ' + origin + '</main>', state: { config, origin, queries: answers } };
}
`;
const page = { accept: 'text/html', 'accept-encoding': 'identity' };
const configPreload = '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />';
/** The signed-in template as sent when the render did not happen: its head (sent at once) and an empty root. */
const unrendered =
  '<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/signed-in-landing-7a8b9c.css">' +
  '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/signed-in-landing-1a2b3c.js"></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let app: FastifyInstance;
let dist: string;
let mira: string;
/** The bundle renders /held only once this file exists. */
const releaseFile = () => path.join(dist, 'release-held');

/** The JSON state the page carries for the browser. */
function stateOf(body: string): {
  config: { simulator: boolean };
  origin: string;
  queries: Record<string, { status: number; body: string }>;
} {
  const json = body.match(/<script type="application\/json" id="server-render">(.*?)<\/script>/)?.[1];
  if (!json) throw new Error(`no server-render state in ${body}`);
  return JSON.parse(json);
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'preloads.json'), JSON.stringify(preloads));
  mkdirSync(`${dist}-ssr`);
  writeFileSync(path.join(`${dist}-ssr`, 'entry-server.js'), bundle.replace('RELEASE_FILE', JSON.stringify(releaseFile())));
  ctx = await createTestApp();
  app = await buildApp(ctx.deps, { webDist: dist });
  mira = (await signIn(ctx, '1:100002')).cookie;
  await createAppFixture(ctx, {
    key: 'fleet',
    name: 'Fleet </script><script>alert(1)</script>',
    url: 'https://fleet.example.com',
    skip_uid_whitelist: true,
  });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(`${dist}-ssr`, { recursive: true, force: true });
});

describe('pages rendered on the server', () => {
  it("renders the dashboard with the player's own /api/me and /api/apps answers, fetched with their cookie", async () => {
    const res = await app.inject({ url: '/dashboard', headers: { ...page, cookie: `portal_session=${mira}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main>/dashboard for Mira Solan at http://localhost:3000</main></div>');
    const state = stateOf(res.body);
    expect(state.origin).toBe('http://localhost:3000');
    expect(state.config.simulator).toBe(true);
    expect(JSON.parse(state.queries['/api/me']!.body)).toMatchObject({ uid: '1:100002', name: 'Mira Solan' });
    expect(JSON.parse(state.queries['/api/apps']!.body).map((a: { key: string }) => a.key)).toEqual(['fleet']);
  });

  it('keeps the chunks and stylesheets in the page but not the requests it answered, nor the config it carries', async () => {
    const res = await app.inject({ url: '/dashboard', headers: { ...page, cookie: `portal_session=${mira}` } });
    expect(res.body).toContain('href="/assets/signed-in-landing-1a2b3c.js"');
    expect(res.body).toContain('href="/assets/signed-in-landing-7a8b9c.css"');
    expect(res.body).not.toContain('href="/api/me"');
    expect(res.body).not.toContain('href="/config.json"');
  });

  it('a name holding "</script>" stays data inside the state script', async () => {
    const res = await app.inject({ url: '/dashboard', headers: { ...page, cookie: `portal_session=${mira}` } });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    const apps = JSON.parse(stateOf(res.body).queries['/api/apps']!.body);
    expect(apps[0].name).toBe('Fleet </script><script>alert(1)</script>');
  });

  it('is personal: private, not cached without asking, and depends on the cookie', async () => {
    const res = await app.inject({ url: '/dashboard', headers: { ...page, cookie: `portal_session=${mira}` } });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('goes out gzipped for a browser that accepts it', async () => {
    const res = await app.inject({
      url: '/dashboard',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', cookie: `portal_session=${mira}` },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/cookie, accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toContain('<main>/dashboard for Mira Solan');
  });

  it('ends the page unrendered when the session has ended (/api/me is not 200): the browser asks for itself', async () => {
    const res = await app.inject({ url: '/dashboard', headers: { ...page, cookie: 'portal_session=ended-or-forged' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(unrendered);
    expect(res.body).toContain('/assets/signed-in-landing-1a2b3c.js');
  });

  it('renders /login for a guest only: with a session cookie the browser decides where to go', async () => {
    const guest = await app.inject({ url: '/login', headers: page });
    expect(guest.body).toContain('<main>/login for a guest at http://localhost:3000</main>');
    expect(guest.headers.vary).toMatch(/cookie/i);
    const signedIn = await app.inject({ url: '/login', headers: { ...page, cookie: `portal_session=${mira}` } });
    expect(signedIn.body).toBe(html);
  });

  it("takes the origin of its links from PUBLIC_URL, never from the request's Host, and sends the page private", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    const behindProxy = await buildApp(proxied.deps, { webDist: dist });
    try {
      for (const headers of [
        { ...page, host: 'evil.example"><script>' },
        { ...page, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      ]) {
        const res = await behindProxy.inject({ url: '/login', headers });
        expect(stateOf(res.body).origin).toBe('http://localhost:3000');
        expect(res.body).not.toContain('evil.example');
        expect(res.headers['cache-control']).toBe('private, no-cache');
      }
    } finally {
      await behindProxy.close();
      await proxied.close();
    }
  });

  it.each(['/broken', '/declined'])('%s, which the bundle fails or declines to render, ends unrendered', async (url) => {
    const res = await app.inject({ url, headers: page });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(html.replace(configPreload, ''));
  });

  it('renders no other page', async () => {
    const res = await app.inject({ url: '/profile', headers: { ...page, cookie: `portal_session=${mira}` } });
    expect(res.body).toBe(html);
  });

  it('a bundle that does not load leaves every page as built', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(broken, 'index.html'), html);
    mkdirSync(`${broken}-ssr`);
    writeFileSync(path.join(`${broken}-ssr`, 'entry-server.js'), "throw new Error('a bundle from a failed build');\n");
    const served = await buildApp(ctx.deps, { webDist: broken });
    try {
      for (const _ of [1, 2]) {
        const res = await served.inject({ url: '/login', headers: page });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(html);
      }
    } finally {
      await served.close();
      rmSync(broken, { recursive: true, force: true });
      rmSync(`${broken}-ssr`, { recursive: true, force: true });
    }
  });

  it('sends the head at once, so the browser fetches stylesheets and scripts while the page renders', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const chunks: string[] = [];
    const finished = new Promise<void>((resolve, reject) => {
      const req = httpRequest({ port, path: '/held', headers: page }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          chunks.push(chunk);
          if (chunks.length === 1) writeFileSync(releaseFile(), '');
        });
        res.on('end', resolve);
      });
      req.on('error', reject).end();
    });
    await finished;
    expect(chunks[0]).toContain('<script type="module" src="/assets/index-3f9a1c.js"></script>');
    expect(chunks[0]).not.toContain('</html>');
    expect(chunks.join('')).toContain('<main>/held for a guest');
  });

  it('renders with a new build as soon as it replaces the bundle, without a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dir, 'index.html'), html);
    mkdirSync(`${dir}-ssr`);
    const bundleFile = path.join(`${dir}-ssr`, 'entry-server.js');
    const build = (marker: string) =>
      `export const pages = { '/login': { signedIn: false, requests: [] } };\n` +
      `export async function renderPage(input) { return { html: '${marker}', state: { config: input.config, origin: input.origin, queries: {} } }; }\n`;
    writeFileSync(bundleFile, build('first build'));
    const served = await buildApp(ctx.deps, { webDist: dir });
    try {
      expect((await served.inject({ url: '/login', headers: page })).body).toContain('<div id="root">first build</div>');
      writeFileSync(bundleFile, build('second build'));
      const later = new Date(Date.now() + 5_000);
      utimesSync(bundleFile, later, later);
      expect((await served.inject({ url: '/login', headers: page })).body).toContain('<div id="root">second build</div>');
    } finally {
      await served.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}-ssr`, { recursive: true, force: true });
    }
  });
});
