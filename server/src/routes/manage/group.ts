import type { FastifyInstance } from 'fastify';
import { manageGroups } from '@portal/contract';
import { addGroupMembers, groupMembers, removeGroupMember } from '../../services/groups/admin-groups.ts';
import { actorOf } from '../admin/actor.ts';
import { route } from '../endpoint-route.ts';
import { withTotal } from '../with-total.ts';
import { requireManagerOfGroup } from './guard.ts';

const tags = ['manage: your groups'];

/** One group the caller manages: its members. Every route here is guarded by the group in its path. */
export default async function managedGroupRoutes(app: FastifyInstance) {
  const { deps } = app;
  app.addHook('preHandler', requireManagerOfGroup);
  route(app, manageGroups.members, {
    tags,
    summary: 'A page of the members, searched by name or UID; the total is in X-Total-Count',
    handler: async (request, reply) => {
      const { q, limit, offset } = request.query;
      const { rows, total } = await groupMembers(deps, request.params.id, q, limit, offset);
      return withTotal(reply, rows, total);
    },
  });
  route(app, manageGroups.addMembers, {
    tags,
    summary: 'Add players by UID, optionally until a date (a UID never seen becomes a user); audited with you as actor',
    handler: (request) =>
      addGroupMembers(deps, actorOf(request), request.params.id, request.body.uids, { until: request.body.until, by: 'manager' }),
  });
  route(app, manageGroups.removeMember, {
    tags,
    summary: 'Take a player out of the group; what its rules gave them ends at once',
    handler: async (request) => {
      await removeGroupMember(deps, actorOf(request), request.params.id, request.params.userId, 'manager');
      return null;
    },
  });
}
