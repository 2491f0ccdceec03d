import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../plugins/session.ts';
import { startLogin } from '../../services/login.ts';
import { STATE_COOKIE } from './cookies.ts';

const Query = z.object({
  aud: z.string().trim().min(1, 'the audience of a registered app is required').max(200),
  rd: z.string().trim().min(1, 'the return address is required').max(2048),
});

export default async function loginRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/login',
    {
      schema: { tags: ['auth'], summary: 'Start a sign-in for an app (audience) and return to rd', querystring: Query },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await startLogin(app.deps, { ...request.query, current: await request.loadAuth(), meta: requestMeta(request) });
      if (result.kind === 'upstream') {
        reply.setCookie(STATE_COOKIE, result.state, {
          httpOnly: true,
          sameSite: 'lax',
          secure: app.deps.config.session.secureCookie,
          path: '/auth/callback',
          maxAge: 600,
        });
      }
      return reply.redirect(result.url, 302);
    },
  );
}
