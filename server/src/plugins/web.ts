import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

const API_PREFIXES = ['/api/', '/auth/', '/.well-known/'];

/** Serves the built SPA; any other GET that a browser navigates to gets index.html (client routing). */
export default fp(async function web(app: FastifyInstance, opts: { dir: string | undefined }) {
  const root = opts.dir && existsSync(path.join(opts.dir, 'index.html')) ? path.resolve(opts.dir) : null;
  if (root) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (root && isPage && !API_PREFIXES.some((p) => request.url.startsWith(p))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
});
