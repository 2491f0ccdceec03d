import { adminApps } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { accessRules, checkPlayer, previewAccessRules, setAccessRules } from '../../services/groups/access-rules.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';

const tags = ['admin: apps'];

/** An app's access rules: read, previewed before saving, replaced, and asked about one player. */
export default async function accessRuleRoutes(app: FastifyInstance) {
  const { deps } = app;
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
}
