import type { FastifyInstance } from 'fastify';
import { manageGroups } from '@portal/contract';
import { personalAnswers } from '../../plugins/personal-answers.ts';
import { managedGroups, managedRequests } from '../../services/groups/managed-groups.ts';
import { route } from '../endpoint-route.ts';
import { requireManager } from './guard.ts';
import managedGroupRoutes from './group.ts';
import managedRequestRoutes from './request.ts';

const tags = ['manage: your groups'];

/**
 * Manage folder: a player who manages groups reaches those groups and nothing else. 401 without a session, 403 for a
 * player who manages none; the routes of one group or request add their own guard (another group's: 404).
 */
export default async function manageRoutes(app: FastifyInstance) {
  const { deps } = app;
  app.addHook('onRequest', personalAnswers);
  app.addHook('onRequest', requireManager);
  route(app, manageGroups.groups, {
    tags,
    summary: 'The groups you manage, with their members, requests waiting and apps',
    handler: (request) => managedGroups(deps, request.auth.user.id),
  });
  route(app, manageGroups.requests, {
    tags,
    summary: 'The requests waiting in the groups you manage, oldest first',
    handler: (request) => managedRequests(deps, request.auth.user.id),
  });
  await app.register(managedGroupRoutes);
  await app.register(managedRequestRoutes);
}
