import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';

/**
 * index.html names the current build's hashed bundles, so browsers must revalidate it or they keep
 * running the previous release after a deploy; files under assets/ are named by their content and
 * never change.
 */
function cacheControlFor(root: string, file: string): string {
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
 * The built files under `root`, and index.html at `/`. The build writes brotli and gzip copies
 * beside each file (web/vite.config.ts): a browser that accepts them gets those, with no
 * compression work per request.
 */
export async function serveStaticFiles(app: FastifyInstance, root: string): Promise<void> {
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
