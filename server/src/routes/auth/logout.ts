import type { FastifyInstance } from 'fastify';
import { frontChannelLogoutPage, signOutConfirmPage } from '../../lib/message-page.ts';
import { clearSessionCookie, requestMeta, SESSION_COOKIE } from '../../plugins/session.ts';
import { signOut } from '../../services/sessions/sign-out.ts';

export default async function logoutRoute(app: FastifyInstance) {
  const { publicUrl } = app.deps.config;

  app.get(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ask before signing out: a page whose button posts to POST /auth/logout (this GET changes nothing)',
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html')
        .send(signOutConfirmPage({ href: `${publicUrl}/dashboard`, label: 'Back to the dashboard' })),
  );

  app.post(
    '/logout',
    {
      // A plain HTML form posts an empty urlencoded body; the Origin check applies as on every write.
      config: { bodyTypes: ['application/x-www-form-urlencoded'] },
      schema: { tags: ['auth'], summary: 'Sign out everywhere: end the sessions, notify the apps, return to the portal sign-in page' },
    },
    async (request, reply) => {
      const { frontChannelUrls } = await signOut(app.deps, request.cookies[SESSION_COOKIE], requestMeta(request));
      clearSessionCookie(app, reply);
      const loginUrl = `${publicUrl}/login`;
      if (frontChannelUrls.length === 0) return reply.redirect(loginUrl, 303);
      // OIDC Front-Channel Logout: each app clears its own cookies in an iframe, then on to /login.
      return reply.header('cache-control', 'no-store').type('text/html').send(frontChannelLogoutPage(frontChannelUrls, loginUrl));
    },
  );
}
