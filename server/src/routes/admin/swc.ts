import { ErrorBody, SwcBindingQuery, SwcBindingStatus, SwcConnectQuery } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sameSiteNavigation } from '../../plugins/navigation-guard.ts';
import { bindingStatus, disconnectSwcBinding, startSwcBinding } from '../../services/swc-bindings/bindings.ts';
import { setStateCookie } from '../auth/cookies.ts';
import { actorOf } from './actor.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['admin: SWCombine permissions'];

export default async function swcBindingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/admin/swc',
    {
      schema: {
        tags,
        summary: "A tenant and actor's SWCombine binding and the request budget",
        querystring: SwcBindingQuery,
        response: { 200: SwcBindingStatus, ...errors },
      },
    },
    (request) => bindingStatus(deps, request.query),
  );

  app.delete(
    '/api/admin/swc/binding',
    {
      schema: {
        tags,
        summary: 'Revoke the grant at SWCombine and forget the binding',
        querystring: SwcBindingQuery,
        response: { 200: SwcBindingStatus, 404: ErrorBody, 503: ErrorBody, ...errors },
      },
    },
    (request) => disconnectSwcBinding(deps, actorOf(request), request.query),
  );

  // A browser navigation (Save & Connect), not a fetch: it answers with a redirect to SWCombine,
  // and the grant it leads to replaces the binding, so another site must not be able to start it.
  app.get(
    '/api/admin/swc/connect',
    {
      schema: {
        tags,
        summary:
          'Send the admin to SWCombine to grant the scopes (offline) for a tenant and actor (a same-site navigation: 403 when started from another site)',
        querystring: SwcConnectQuery,
        response: errors,
      },
      preHandler: sameSiteNavigation({ action: 'Save & Connect', back: `${deps.config.publicUrl}/admin/swc` }),
    },
    async (request, reply) => {
      const { requested_scopes: scopes, ...query } = request.query;
      const { url, state } = await startSwcBinding(deps, { query, scopes, userId: request.auth.user.id });
      setStateCookie(reply, state, deps.config.session.secureCookie);
      return reply.redirect(url, 302);
    },
  );
}
