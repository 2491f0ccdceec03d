import { ErrorBody, SwcAuthorizeAnswer, SwcAuthorizeInput, SwcConsentParams, SwcConsents } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestMeta } from '../../plugins/session.ts';
import { listSwcConsents, revokeSwcConsent, startSwcConsent } from '../../services/swc-grants/consents.ts';
import { setStateCookie } from '../auth/cookies.ts';

const tags = ['me: SWCombine consents'];

export default async function swcConsentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.get(
    '/api/swc/consents',
    {
      schema: {
        tags,
        summary: 'The player’s SWCombine scopes as granted, those to grant again, and whether the grant is gone',
        response: { 200: SwcConsents, 401: ErrorBody },
      },
    },
    (request) => listSwcConsents(deps, request.auth.user.id),
  );
  app.post(
    '/api/swc/authorize',
    {
      schema: {
        tags,
        summary: 'Start granting more SWCombine scopes: answers the SWCombine authorize URL to send the browser to',
        body: SwcAuthorizeInput,
        response: { 200: SwcAuthorizeAnswer, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const { url, state } = await startSwcConsent(deps, request.auth, request.body.scopes);
      // The callback accepts the state only from the browser that holds this cookie.
      setStateCookie(reply, state, deps.config.session.secureCookie);
      return { authorize_url: url };
    },
  );
  app.delete(
    '/api/swc/consents/:scope',
    {
      schema: {
        tags,
        summary: 'Revoke one SWCombine scope (the sign-in scopes cannot be revoked here)',
        params: SwcConsentParams,
        response: { 200: SwcConsents, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    (request) => revokeSwcConsent(deps, request.auth, request.params.scope, requestMeta(request)),
  );
}
