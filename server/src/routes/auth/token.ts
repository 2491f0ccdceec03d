import { OAuthErrorBody, TokenExchangeAnswer, TokenExchangeRequest } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestMeta } from '../../plugins/session.ts';
import {
  checkExchangeRequest,
  exchangeForSwcToken,
  OAuthError,
  verifySubjectToken,
  type ExchangeSubject,
} from '../../services/app-access/token-exchange.ts';
import { oauthErrorHandler } from './oauth-errors.ts';

/** Verified before the rate limit runs, so each app has its own limit and a forged client_id counts against its sender. */
const subjects = new WeakMap<FastifyRequest, ExchangeSubject | OAuthError>();

export default async function tokenRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'RFC 8693 token exchange: an app’s /auth/verify token for the player’s SWCombine token (OAuth errors)',
        body: TokenExchangeRequest,
        response: {
          200: TokenExchangeAnswer,
          400: OAuthErrorBody,
          415: OAuthErrorBody,
          429: OAuthErrorBody,
          500: OAuthErrorBody,
          503: OAuthErrorBody,
        },
      },
      // Every refusal and failure answers in OAuth's shape, not the portal's (validation included).
      errorHandler: oauthErrorHandler,
      attachValidation: true,
      config: {
        crossSite: 'server-to-server',
        bodyTypes: ['application/x-www-form-urlencoded'],
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => {
            const subject = subjects.get(request);
            return subject && !(subject instanceof OAuthError) ? `app:${subject.clientId}` : `ip:${request.ip}`;
          },
        },
      },
      preValidation: async (request) => {
        const token = (request.body as { subject_token?: unknown } | undefined)?.subject_token;
        if (typeof token !== 'string' || !token) return;
        subjects.set(
          request,
          await verifySubjectToken(deps, token).catch((err: unknown) => {
            if (err instanceof OAuthError) return err;
            throw err;
          }),
        );
      },
    },
    async (request, reply) => {
      if (request.validationError) throw new OAuthError(400, 'invalid_request', request.validationError.message);
      checkExchangeRequest(request.body);
      const subject = subjects.get(request) ?? (await verifySubjectToken(deps, request.body.subject_token));
      if (subject instanceof OAuthError) throw subject;
      const answer = await exchangeForSwcToken(deps, subject, requestMeta(request));
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
    },
  );
}
