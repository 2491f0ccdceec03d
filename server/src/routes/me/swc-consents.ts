import { me } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import { listSwcConsents, revokeSwcConsent, startSwcConsent } from '../../services/swc-grants/consents.ts';
import { setStateCookie } from '../auth/cookies.ts';
import { route } from '../endpoint-route.ts';

const tags = ['me: SWCombine consents'];

export default async function swcConsentRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, me.swcConsents, {
    tags,
    summary: 'The player’s SWCombine scopes as granted, those to grant again, and whether the grant is gone',
    handler: (request) => listSwcConsents(deps, request.auth.user.id),
  });
  route(app, me.startSwcAuthorization, {
    tags,
    summary: 'Start granting more SWCombine scopes: answers the SWCombine authorize URL to send the browser to',
    handler: async (request, reply) => {
      const { url, state } = await startSwcConsent(deps, request.auth, request.body.scopes);
      // The callback accepts the state only from the browser that holds this cookie.
      setStateCookie(reply, state, deps.config.session.secureCookie);
      return { authorize_url: url };
    },
  });
  route(app, me.revokeSwcConsent, {
    tags,
    summary: 'Revoke one SWCombine scope (the sign-in scopes cannot be revoked here)',
    handler: (request) => revokeSwcConsent(deps, request.auth, request.params.scope, requestMeta(request)),
  });
}
