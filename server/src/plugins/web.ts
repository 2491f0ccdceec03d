import { ErrorCode } from '@portal/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

const API_PREFIXES = ['/api/', '/auth/', '/.well-known/'];

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
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (root && isPage && !API_PREFIXES.some((p) => request.url.startsWith(p))) {
      return reply.sendFile('index.html', root);
    }
    return reply.code(404).send({ error: ErrorCode.NotFound, message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
});
