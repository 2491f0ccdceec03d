import { ErrorCode } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { indexPage } from './index-page.ts';
import { isPageRequest } from './page-request.ts';
import { serveStaticFiles } from './static-files.ts';

/**
 * The web app in the browser: the built SPA from `dir` (web/dist), and index.html for any other
 * page a browser navigates to, or a screen of the app any client that takes HTML asks for. Everything else that matches no route is a JSON 404.
 */
export default fp(async function web(app: FastifyInstance, opts: { dir: string | undefined }) {
  const root = opts.dir && existsSync(path.join(opts.dir, 'index.html')) ? path.resolve(opts.dir) : null;
  if (root) await serveStaticFiles(app, root);
  const sendIndex = root ? indexPage(app, root) : null;

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (sendIndex && isPageRequest(request, pathname)) return sendIndex(request, reply);
    return reply.code(404).send({ error: ErrorCode.NotFound, message: `No route for ${request.method} ${pathname}.` });
  });
});
