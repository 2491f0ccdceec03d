import { adminSwc } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sameSiteNavigation } from '../../plugins/navigation-guard.ts';
import { bindingStatus, disconnectSwcBinding, startSwcBinding } from '../../services/swc-bindings/bindings.ts';
import { setStateCookie } from '../auth/cookies.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';

const tags = ['admin: SWCombine permissions'];

export default async function swcBindingRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, adminSwc.binding, {
    tags,
    summary: "A tenant and actor's SWCombine binding and the request budget",
    handler: (request) => bindingStatus(deps, request.query),
  });
  route(app, adminSwc.disconnect, {
    tags,
    summary: 'Revoke the grant at SWCombine and forget the binding',
    handler: (request) => disconnectSwcBinding(deps, actorOf(request), request.query),
  });
  // A browser navigation (Save & Connect), not a fetch: it answers with a redirect to SWCombine,
  // and the grant it leads to replaces the binding, so another site must not be able to start it.
  route(app, adminSwc.connect, {
    tags,
    summary:
      'Send the admin to SWCombine to grant the scopes (offline) for a tenant and actor (a same-site navigation: 403 when started from another site)',
    preHandler: sameSiteNavigation({ action: 'Save & Connect', back: `${deps.config.publicUrl}/admin/swc` }),
    handler: async (request, reply) => {
      const { requested_scopes: scopes, ...query } = request.query;
      const { url, state } = await startSwcBinding(deps, { query, scopes, userId: request.auth.user.id });
      setStateCookie(reply, state, deps.config.session.secureCookie);
      return reply.redirect(url, 302);
    },
  });
}
