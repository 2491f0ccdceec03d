import { adminApps } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { appAccess, changeApp, createApp, listAdminApps, removeApp } from '../../services/admin/apps.ts';
import { accessRules, checkPlayer, previewAccessRules, setAccessRules } from '../../services/groups/access-rules.ts';
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
  route(app, adminApps.checkPlayer, {
    tags,
    summary: 'Check a player: whether the players a name or UID finds may open the app, and why (the one access rule decides)',
    handler: (request) => checkPlayer(deps, request.params.id, request.query.player),
  });
  route(app, adminApps.accessRules, {
    tags,
    summary: 'The app’s access rules: groups whose members may open it',
    handler: (request) => accessRules(deps, request.params.id),
  });
  route(app, adminApps.setAccessRules, {
    tags,
    summary: 'Replace the app’s access rules; players they stop admitting lose the app at once',
    handler: (request) => setAccessRules(deps, actorOf(request), request.params.id, request.body.rules),
  });
  route(app, adminApps.previewAccessRules, {
    tags,
    summary: 'Who these rules would admit and stop admitting, before saving them (changes nothing)',
    handler: (request) => previewAccessRules(deps, request.params.id, request.body.rules, request.body.player),
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
