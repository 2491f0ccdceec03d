import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { pageTemplates } from './preloads.ts';
import { serverRenderer } from './server-render.ts';

/**
 * The answer to a browser navigating to a page of the SPA (client routing): index.html, rendered on
 * the server for the first screens (server-render.ts), else with the path's preloads (preloads.ts)
 * when it has some and a session cookie came along, else as built.
 */
export function indexPage(app: FastifyInstance, root: string) {
  const templates = pageTemplates(root, app.deps.config.authBaseUrl, app.log);
  // The browser build's server-render bundle sits beside it: web/dist-ssr for web/dist.
  const renderPage = serverRenderer(app, path.join(`${root}-ssr`, 'entry-server.js'));

  return async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0]!;
    // Whether a session cookie came along can change this answer (rendered, preloaded, or as built).
    reply.header('vary', 'cookie');
    const pages = await templates();
    if (!pages) return reply.sendFile('index.html', root);
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    const preloaded = pages.signedIn.get(pathname);
    const template = signedIn ? (preloaded?.rendered ?? pages.plain) : pages.plain;
    if (await renderPage(request, reply, pathname, signedIn, template)) return reply;
    if (!preloaded || !signedIn) return reply.sendFile('index.html', root);
    // The one with preloads stays out of shared caches.
    // Unlike index.html it is not precompressed: 2 kB fit in the first round trip anyway.
    return reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8').send(preloaded.withRequests);
  };
}
