import type { FastifyInstance } from 'fastify';
import { manageGroups } from '@portal/contract';
import { approveRequest, denyRequest } from '../../services/groups/group-requests.ts';
import { actorOf } from '../admin/actor.ts';
import { route } from '../endpoint-route.ts';
import { requireManagerOfRequest } from './guard.ts';

const tags = ['manage: your groups'];

/** One request to a group the caller manages: approve or deny. Every route here is guarded by the request in its path. */
export default async function managedRequestRoutes(app: FastifyInstance) {
  const { deps } = app;
  app.addHook('preHandler', requireManagerOfRequest);
  route(app, manageGroups.approve, {
    tags,
    summary: 'Approve: the player joins the group, until the date given if any',
    handler: (request) => approveRequest(deps, { actor: actorOf(request), by: 'manager' }, request.params.id, request.body.until),
  });
  route(app, manageGroups.deny, {
    tags,
    summary: 'Deny, with a reason the player reads',
    handler: (request) => denyRequest(deps, { actor: actorOf(request), by: 'manager' }, request.params.id, request.body.reason),
  });
}
