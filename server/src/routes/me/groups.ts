import type { FastifyInstance } from 'fastify';
import { myGroups } from '@portal/contract';
import { askToJoin, withdrawRequest } from '../../services/groups/group-requests.ts';
import { leaveGroup, myGroups as listMyGroups } from '../../services/groups/my-groups.ts';
import { actorOf } from '../admin/actor.ts';
import { route } from '../endpoint-route.ts';

const tags = ['me: your groups'];

/** The player's own groups and requests: each call reads or changes only the caller's. */
export default async function myGroupRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, myGroups.list, {
    tags,
    summary: 'The groups you are in, those you may join or ask to join (with the apps they open), your requests and their answers',
    handler: (request) => listMyGroups(deps, request.auth.user.id),
  });
  route(app, myGroups.leave, {
    tags,
    summary: 'Leave a group an admin keeps; what its rules gave you ends at once (a faction is left in the game: 409)',
    handler: async (request) => {
      await leaveGroup(deps, actorOf(request), request.params.id);
      return null;
    },
  });
  route(app, myGroups.ask, {
    tags,
    summary: 'Join an open group (201 joined) or ask to join a request group (201 pending); a closed group: 403; over 10 an hour: 429',
    handler: (request) => askToJoin(deps, actorOf(request), request.body.group_id, request.body.note),
  });
  route(app, myGroups.withdraw, {
    tags,
    summary: 'Withdraw your pending request',
    handler: async (request) => {
      await withdrawRequest(deps, actorOf(request), request.params.id);
      return null;
    },
  });
}
