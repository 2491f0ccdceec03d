import { ErrorCode, SCREEN_PATHS } from '@portal/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE } from './session.ts';
import { pageTemplates } from './web-preloads.ts';
import { serverRenderer } from './web-render.ts';

const API_PREFIXES = ['/api/', '/auth/', '/.well-known/'];
const SCREENS = new Set(SCREEN_PATHS);

/** The media ranges an Accept header admits (weight above 0), lower-case; any type when it is absent. */
export function acceptedRanges(accept: string | undefined): string[] {
  if (!accept) return ['*/*'];
  return accept.split(',').flatMap((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    return params.some((p) => /^q=0(\.0*)?$/.test(p)) ? [] : [type];
  });
}

/**
 * A GET the web app answers: a browser's navigation (it asks for text/html) to any path but the
 * service's own, or any client that takes HTML asking for one of the app's screens (`curl /login`).
 * A client asking for JSON alone, a script or stylesheet under /assets/ that is gone, or /metrics on
 * the public port keep the JSON 404.
 */
function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' || API_PREFIXES.some((p) => request.url.startsWith(p))) return false;
  const ranges = acceptedRanges(request.headers.accept);
  return ranges.includes('text/html') || (SCREENS.has(pathname) && ranges.some((r) => r === 'text/*' || r === '*/*'));
}

/**
 * index.html names the current build's hashed bundles, so browsers must revalidate it or they keep
 * running the previous release after a deploy; files under assets/ are named by their content and
 * never change.
 */
export function cacheControlFor(root: string, file: string): string {
  // A precompressed sibling (index.html.br) is cached as the file it stands for.
  const relative = path
    .relative(root, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (relative === 'index.html') return 'no-cache';
  return 'public, max-age=300';
}

/**
 * Serves the built SPA; any other GET that a browser navigates to gets index.html (client routing).
 * The build writes brotli and gzip copies beside each file (web/vite.config.ts): a browser that
 * accepts them gets those, with no compression work per request.
 */
export default fp(async function web(app: FastifyInstance, opts: { dir: string | undefined }) {
  const root = opts.dir && existsSync(path.join(opts.dir, 'index.html')) ? path.resolve(opts.dir) : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlFor(root, file)),
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html', root));
  }
  const templates = root ? pageTemplates(root, app.deps.config.authBaseUrl, app.log) : null;
  // The browser build's server-render bundle sits beside it: web/dist-ssr for web/dist.
  const renderPage = root ? serverRenderer(app, path.join(`${root}-ssr`, 'entry-server.js')) : null;

  /**
   * index.html: rendered on the server for the first screens (web-render.ts), else with the path's
   * preloads (web-preloads.ts) when it has some and a session cookie came along, else as built.
   */
  async function sendIndex(request: FastifyRequest, reply: FastifyReply, root: string) {
    const pathname = request.url.split('?')[0]!;
    // Whether a session cookie came along can change this answer (rendered, preloaded, or as built).
    reply.header('vary', 'cookie');
    const pages = await templates!();
    if (!pages) return reply.sendFile('index.html', root);
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    const preloaded = pages.signedIn.get(pathname);
    const template = signedIn ? (preloaded?.rendered ?? pages.plain) : pages.plain;
    if (await renderPage!(request, reply, pathname, signedIn, template)) return reply;
    if (!preloaded || !signedIn) return reply.sendFile('index.html', root);
    // The one with preloads stays out of shared caches.
    // Unlike index.html it is not precompressed: 2 kB fit in the first round trip anyway.
    return reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8').send(preloaded.withRequests);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (root && isPageRequest(request, pathname)) return sendIndex(request, reply, root);
    return reply.code(404).send({ error: ErrorCode.NotFound, message: `No route for ${request.method} ${pathname}.` });
  });
});
