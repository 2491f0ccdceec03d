import type { FastifyInstance } from 'fastify';
import { adminGroupManagers } from '@portal/contract';
import { approveRequest, denyRequest, pendingRequests } from '../../services/groups/group-requests.ts';
import { groupManagers, setGroupManagers } from '../../services/groups/managers.ts';
import { mustBeKept } from '../../services/groups/admin-groups.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';

const tags = ['admin: groups'];

/** Who manages a group an admin keeps, and its requests: admins answer any group's. */
export default async function groupManagerRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, adminGroupManagers.managers, {
    tags,
    summary: 'The players who manage the group',
    handler: (request) => groupManagers(deps, request.params.id),
  });
  route(app, adminGroupManagers.setManagers, {
    tags,
    summary: 'Set the players who manage the group (a UID never seen becomes a user); a faction has none: 409',
    handler: (request) => setGroupManagers(deps, actorOf(request), request.params.id, request.body.uids),
  });
  route(app, adminGroupManagers.requests, {
    tags,
    summary: 'The requests waiting in the group, oldest first',
    handler: async (request) => {
      await mustBeKept(deps.db, request.params.id);
      return pendingRequests(deps, [request.params.id]);
    },
  });
  route(app, adminGroupManagers.approve, {
    tags,
    summary: 'Approve a request: the player joins the group, until the date given if any',
    handler: (request) => approveRequest(deps, { actor: actorOf(request), by: 'admin' }, request.params.id, request.body.until),
  });
  route(app, adminGroupManagers.deny, {
    tags,
    summary: 'Deny a request, with a reason the player reads',
    handler: (request) => denyRequest(deps, { actor: actorOf(request), by: 'admin' }, request.params.id, request.body.reason),
  });
}
