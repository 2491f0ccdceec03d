import { singleLineText } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messagePage, tryLaterPage } from '../../lib/message-page.ts';
import { untilPhrase, utcClock } from '../../lib/relative-time.ts';
import { requestMeta, setSessionCookie } from '../../plugins/session.ts';
import { LoginDenied, LoginFailed } from '../../services/sign-in/start.ts';
import { completeOAuthCallback } from '../../services/sign-in/callback.ts';
import { SignInBudgetExhausted } from '../../services/sign-in/profile.ts';
import { STATE_COOKIE } from './cookies.ts';
import { LOCAL_TIME_PATH } from './local-time.ts';

// What SWCombine sends back; read from the URL by the OAuth client, checked here for hostile text.
const Query = z.looseObject({
  code: singleLineText('code', { max: 2048 }).optional(),
  state: singleLineText('state', { max: 256 }).optional(),
  error: singleLineText('error', { max: 256 }).optional(),
  error_description: singleLineText('error_description', { max: 2048 }).optional(),
});

export default async function callbackRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const loginUrl = `${app.deps.config.publicUrl}/login`;
  app.get(
    '/callback',
    {
      schema: { tags: ['auth'], summary: 'SWCombine returns here with a code or an error', querystring: Query },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const url = new URL(request.url, app.deps.config.publicUrl);
      const browserState = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, { path: '/auth/callback' });
      try {
        const result = await completeOAuthCallback(app.deps, {
          url,
          browserState,
          current: await request.loadAuth(),
          meta: requestMeta(request),
        });
        if (result.session) setSessionCookie(app, reply, result.session.token, result.session.expiresAt);
        return reply.redirect(result.rd, 302);
      } catch (err) {
        if (err instanceof SignInBudgetExhausted) {
          const now = app.deps.clock.now();
          request.log.warn({ retryAt: err.retryAt }, 'sign-in refused: SWCombine request budget used up');
          return reply
            .code(503)
            .header('retry-after', String(Math.max(1, Math.ceil((err.retryAt.getTime() - now.getTime()) / 1000))))
            .type('text/html')
            .send(
              tryLaterPage({
                title: 'Sign-in is paused for now',
                message: err.message,
                retryAt: { iso: err.retryAt.toISOString(), utc: utcClock(err.retryAt), relative: untilPhrase(err.retryAt, now) },
                localTimeScript: LOCAL_TIME_PATH,
                link: { href: loginUrl, label: 'Back to sign-in' },
              }),
            );
        }
        if (!(err instanceof LoginDenied || err instanceof LoginFailed)) throw err;
        const denied = err instanceof LoginDenied;
        if (!denied) request.log.warn({ reason: err.message }, 'sign-in failed');
        const toLogin = { href: loginUrl, label: 'Back to sign-in' };
        return reply
          .code(denied ? 403 : 400)
          .type('text/html')
          .send(
            messagePage({
              title: denied ? err.title : (err.page?.title ?? 'Sign-in did not complete'),
              message: err.message,
              link: (denied ? err.back : err.page?.back) ?? toLogin,
            }),
          );
      }
    },
  );
}
