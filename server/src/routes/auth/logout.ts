import type { FastifyInstance } from 'fastify';
import { clearSessionCookie, requestMeta, SESSION_COOKIE } from '../../plugins/session.ts';
import { logout } from '../../services/sessions.ts';

export default async function logoutRoute(app: FastifyInstance) {
  app.get(
    '/logout',
    { schema: { tags: ['auth'], summary: 'End the session and return to the portal sign-in page' } },
    async (request, reply) => {
      await logout(app.deps, request.cookies[SESSION_COOKIE], requestMeta(request));
      clearSessionCookie(app, reply);
      return reply.redirect(`${app.deps.config.publicUrl}/login`, 302);
    },
  );
}
