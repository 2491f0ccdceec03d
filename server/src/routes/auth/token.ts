import { ACCESS_TOKEN_TYPE, OAuthErrorBody, TOKEN_EXCHANGE_GRANT, TokenExchangeAnswer, TokenExchangeRequest } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Refused } from '../../lib/errors.ts';
import { requestMeta } from '../../plugins/session.ts';
import { exchangeForSwcToken, verifySubjectToken, type ExchangeSubject } from '../../services/app-access/token-exchange.ts';
import { callingClient } from './client.ts';
import { createClientAuthLimit } from './client-auth-limit.ts';
import { TOKEN_EXCHANGE_CODES } from '../oauth/code-tables.ts';
import { OAuthError } from '../oauth/oauth-error.ts';
import { oauthErrorHandler } from '../oauth/translator.ts';

/** Verified before the rate limit runs, so each app has its own limit and a forged client_id counts against its sender. */
const subjects = new WeakMap<FastifyRequest, ExchangeSubject | Refused>();

/** The request's shape (RFC 8693 §2.1) beyond what the schema checks. */
function checkExchangeRequest(body: TokenExchangeRequest): void {
  if (body.grant_type !== TOKEN_EXCHANGE_GRANT) {
    throw new OAuthError(400, 'unsupported_grant_type', `Only grant_type=${TOKEN_EXCHANGE_GRANT} is supported here.`);
  }
  if (body.subject_token_type !== ACCESS_TOKEN_TYPE) {
    throw new OAuthError(400, 'invalid_request', `subject_token_type must be ${ACCESS_TOKEN_TYPE}.`);
  }
  if (body.requested_token_type !== undefined && body.requested_token_type !== ACCESS_TOKEN_TYPE) {
    throw new OAuthError(400, 'invalid_request', `requested_token_type may only be ${ACCESS_TOKEN_TYPE}.`);
  }
}

export default async function tokenRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // Failed client authentications are counted as at the OpenID Provider's endpoints (20 a minute per client and address).
  const clientAuthLimit = createClientAuthLimit(app);
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
          401: OAuthErrorBody,
          415: OAuthErrorBody,
          429: OAuthErrorBody,
          500: OAuthErrorBody,
          503: OAuthErrorBody,
        },
      },
      // Every refusal and failure answers in OAuth's shape, not the portal's (validation included).
      errorHandler: oauthErrorHandler(TOKEN_EXCHANGE_CODES, 'token endpoint failed'),
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
            return subject && !(subject instanceof Refused) ? `app:${subject.clientId}` : `ip:${request.ip}`;
          },
        },
      },
      preValidation: async (request) => {
        const token = (request.body as { subject_token?: unknown } | undefined)?.subject_token;
        if (typeof token !== 'string' || !token) return;
        subjects.set(
          request,
          await verifySubjectToken(deps, token).catch((err: unknown) => {
            if (err instanceof Refused) return err;
            throw err;
          }),
        );
      },
    },
    async (request, reply) => {
      if (request.validationError) throw new OAuthError(400, 'invalid_request', request.validationError.message);
      checkExchangeRequest(request.body);
      const verified = subjects.get(request);
      // The app authenticates first, by the OpenID Provider's one client check: a confidential client only.
      // Without credentials, the app the subject token names is the one asked for its secret.
      const named = !request.headers.authorization && verified && !(verified instanceof Refused) ? verified.clientId : undefined;
      const client = await callingClient(
        request,
        reply,
        {
          authorization: request.headers.authorization,
          clientId: request.body.client_id ?? named,
          clientSecret: request.body.client_secret,
        },
        { publicAllowed: false, limit: clientAuthLimit },
      );
      const subject = verified ?? (await verifySubjectToken(deps, request.body.subject_token));
      if (subject instanceof Refused) throw subject;
      if (subject.clientId !== client.key) {
        throw new OAuthError(400, 'invalid_grant', `The subject token was issued to ${subject.clientId}, not to ${client.key}.`);
      }
      const answer = await exchangeForSwcToken(deps, subject, requestMeta(request));
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
    },
  );
}
