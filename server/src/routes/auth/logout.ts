import type { FastifyInstance } from 'fastify';
import { frontChannelLogoutPage } from '../../lib/message-page.ts';
import { clearSessionCookie, requestMeta, SESSION_COOKIE } from '../../plugins/session.ts';
import { signOut } from '../../services/sign-out.ts';

export default async function logoutRoute(app: FastifyInstance) {
  app.get(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Sign out everywhere: end the sessions, notify the apps, return to the portal sign-in page' } },
    async (request, reply) => {
      const { frontChannelUrls } = await signOut(app.deps, request.cookies[SESSION_COOKIE], requestMeta(request));
      clearSessionCookie(app, reply);
      const loginUrl = `${app.deps.config.publicUrl}/login`;
      if (frontChannelUrls.length === 0) return reply.redirect(loginUrl, 302);
      // OIDC Front-Channel Logout: each app clears its own cookies in an iframe, then on to /login.
      return reply.header('cache-control', 'no-store').type('text/html').send(frontChannelLogoutPage(frontChannelUrls, loginUrl));
    },
  );
}
