import { audienceField, hasControlCharacters } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../plugins/session.ts';
import { startLogin } from '../../services/sign-in/start.ts';
import { setStateCookie } from './cookies.ts';

const RD = 'Return address (rd)';
const Query = z.object({
  aud: audienceField('Audience (aud)'),
  // Not trimmed: whitespace the URL parser would quietly drop is refused, like control characters.
  rd: z
    .string({ error: `${RD} is required` })
    .min(1, `${RD} is required`)
    .max(2048, `${RD} must be at most 2048 characters`)
    .refine((v) => !/\s/.test(v) && !hasControlCharacters(v), `${RD} must not contain spaces or control characters`),
  // As OpenID Connect's prompt=login: sign in at SWCombine even with a session (adding a passkey needs a fresh sign-in).
  prompt: z.enum(['login'], { error: 'prompt must be login' }).optional(),
});

export default async function loginRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/login',
    {
      schema: { tags: ['auth'], summary: 'Start a sign-in for an app (audience) and return to rd', querystring: Query },
      onRequest: app.signInStartLimit,
    },
    async (request, reply) => {
      const result = await startLogin(app.deps, { ...request.query, current: await request.loadAuth(), meta: requestMeta(request) });
      if (result.kind === 'upstream') {
        setStateCookie(reply, result.state, app.deps.config.session.secureCookie);
      }
      return reply.redirect(result.url, 302);
    },
  );
}
