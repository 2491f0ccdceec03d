import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let app: FastifyInstance;
let dist: string;
const html = `<!doctype html><script src="/assets/index-3f9a1c.js"></script>${'<!-- padding -->'.repeat(100)}`;
const js = `console.log("app");${' '.repeat(2000)}`;

/** A build as web/vite.config.ts writes it: each file with its .br and .gz beside it. */
function writeWithCompressed(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  ctx = await createTestApp();
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithCompressed(path.join(dist, 'index.html'), html);
  writeWithCompressed(path.join(dist, 'assets', 'index-3f9a1c.js'), js);
  writeFileSync(path.join(dist, 'assets', 'tiny-1b2c3d.js'), 'export {}'); // below the build's 1 kB threshold
  app = await buildApp(ctx.deps, { webDist: dist });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: { accept: 'text/html,*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('the web app goes out compressed at build time', () => {
  it('a browser accepting brotli gets a bundle as brotli, still cached for a year', async () => {
    const res = await get('/assets/index-3f9a1c.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it.each(['/', '/index.html', '/dashboard'])(
    'GET %s from a browser accepting brotli gets index.html as brotli, revalidated on every visit',
    async (url) => {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    },
  );

  it('a client accepting only gzip gets gzip', async () => {
    const res = await get('/assets/index-3f9a1c.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(js);
  });

  it('a client accepting no compression gets the file as it is', async () => {
    const res = await get('/assets/index-3f9a1c.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  it('a file too small to be worth compressing is sent as it is', async () => {
    const res = await get('/assets/tiny-1b2c3d.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {}');
  });
});
