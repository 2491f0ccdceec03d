import type { FastifyInstance } from 'fastify';

/** The service's pages print times in UTC; this shows them in the reader's own time zone. */
export const LOCAL_TIME_PATH = '/auth/local-time.js';

const SCRIPT = `for (const el of document.querySelectorAll('time[data-local]')) {
  const at = new Date(el.getAttribute('datetime'));
  if (!Number.isNaN(at.getTime())) el.textContent = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
`;

/** A script file, not inline: the pages' Content-Security-Policy allows scripts from this origin only. */
export default async function localTimeRoute(app: FastifyInstance) {
  app.get('/local-time.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SCRIPT),
  );
}
