import { singleLineText } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta, setSessionCookie } from '../../plugins/session.ts';
import { completeCallback, openCallback } from '../../services/swcombine-callback.ts';
import type { CallbackInput } from '../../services/swcombine/trip.ts';
import { STATE_COOKIE } from './cookies.ts';
import { sendTripFailure } from './sign-in-pages.ts';

// What SWCombine sends back; read from the URL by the OAuth client, checked here for hostile text.
const Query = z.looseObject({
  code: singleLineText('code', { max: 2048 }).optional(),
  state: singleLineText('state', { max: 256 }).optional(),
  error: singleLineText('error', { max: 256 }).optional(),
  error_description: singleLineText('error_description', { max: 2048 }).optional(),
});

export default async function callbackRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
      let trip: CallbackInput | undefined;
      try {
        trip = await openCallback(app.deps, { url, browserState, current: await request.loadAuth(), meta: requestMeta(request) });
        const result = await completeCallback(app.deps, trip);
        if (result.session) setSessionCookie(app, reply, result.session.token, result.session.expiresAt);
        return reply.redirect(result.rd, 302);
      } catch (err) {
        return sendTripFailure(request, reply, err, trip && { purpose: trip.attempt.purpose, appName: trip.app.name, rd: trip.attempt.rd });
      }
    },
  );
}
