import { adminApps } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { appAccess, changeApp, createApp, listAdminApps, removeApp } from '../../services/admin/apps.ts';
import { createClientSecret, describeOidcClient, removeClientSecret } from '../../services/oidc/client-secret.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';
import { withTotal } from '../with-total.ts';

const tags = ['admin: apps'];

export default async function appRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, adminApps.list, { tags, handler: () => listAdminApps(deps) });
  route(app, adminApps.create, { tags, handler: (request) => createApp(deps, actorOf(request), request.body) });
  route(app, adminApps.update, { tags, handler: (request) => changeApp(deps, actorOf(request), request.params.id, request.body) });
  route(app, adminApps.remove, {
    tags,
    handler: async (request) => {
      await removeApp(deps, actorOf(request), request.params.id);
      return null;
    },
  });
  route(app, adminApps.access, {
    tags,
    summary: 'The players with a grant, suspension or revocation on the app, by name; paged; the total is in X-Total-Count',
    handler: async (request, reply) => {
      const { rows, total } = await appAccess(deps, request.params.id, request.query.limit, request.query.offset);
      return withTotal(reply, rows, total);
    },
  });
  route(app, adminApps.oidcClient, { tags, handler: (request) => describeOidcClient(deps, request.params.id) });
  route(app, adminApps.createClientSecret, { tags, handler: (request) => createClientSecret(deps, actorOf(request), request.params.id) });
  route(app, adminApps.removeClientSecret, {
    tags,
    handler: async (request) => {
      await removeClientSecret(deps, actorOf(request), request.params.id);
      return null;
    },
  });
}
