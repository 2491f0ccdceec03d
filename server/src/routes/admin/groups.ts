import { adminGroups } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import {
  addGroupMembers,
  createGroup,
  groupMembers,
  listGroups,
  removeGroup,
  removeGroupMember,
  showGroupToApps,
  updateGroup,
  userGroups,
} from '../../services/groups/admin-groups.ts';
import { factionList, groupForFaction } from '../../services/groups/faction-list.ts';
import { requestRosterReads } from '../../services/groups/rosters.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';
import { withTotal } from '../with-total.ts';

const tags = ['admin: groups'];

export default async function groupRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, adminGroups.list, { tags, summary: 'Groups an admin keeps, then SWCombine factions', handler: () => listGroups(deps) });
  route(app, adminGroups.create, { tags, handler: (request) => createGroup(deps, actorOf(request), request.body) });
  route(app, adminGroups.update, {
    tags,
    summary: 'Rename or describe a group an admin keeps (a faction is the game’s: 409)',
    handler: (request) => updateGroup(deps, actorOf(request), request.params.id, request.body),
  });
  route(app, adminGroups.remove, {
    tags,
    summary: 'Delete a group an admin keeps; what its rules gave its members ends',
    handler: async (request) => {
      await removeGroup(deps, actorOf(request), request.params.id);
      return null;
    },
  });
  route(app, adminGroups.showToApps, {
    tags,
    summary: 'Show a group to every app (X-Auth-Request-Groups, the groups claim), or only to those whose access rules name it',
    handler: (request) => showGroupToApps(deps, actorOf(request), request.params.id, request.body.shown_to_apps),
  });
  route(app, adminGroups.members, {
    tags,
    summary: 'A page of the members, searched by name or UID; the total is in X-Total-Count',
    handler: async (request, reply) => {
      const { q, limit, offset } = request.query;
      const { rows, total } = await groupMembers(deps, request.params.id, q, limit, offset);
      return withTotal(reply, rows, total);
    },
  });
  route(app, adminGroups.addMembers, {
    tags,
    summary: 'Add players by UID, optionally until a date (a UID never seen becomes a user); a faction’s members are the game’s: 409',
    handler: (request) => addGroupMembers(deps, actorOf(request), request.params.id, request.body.uids, { until: request.body.until }),
  });
  route(app, adminGroups.removeMember, {
    tags,
    summary: 'Take a player out of a group an admin keeps; what its rules gave them ends at once',
    handler: async (request) => {
      await removeGroupMember(deps, actorOf(request), request.params.id, request.params.userId);
      return null;
    },
  });
  route(app, adminGroups.factionList, {
    tags,
    summary: 'Every faction SWCombine lists (read once a day), with its group where the portal has one',
    handler: () => factionList(deps),
  });
  route(app, adminGroups.factionGroup, {
    tags,
    summary: 'The group of a faction SWCombine lists, made when a rule first names it',
    handler: (request) => groupForFaction(deps, actorOf(request), request.params.factionUid),
  });
  route(app, adminGroups.refreshRosters, {
    tags,
    summary: 'Read every faction roster a connected binding may read, now',
    handler: (request) => requestRosterReads(deps, actorOf(request)),
  });
  route(app, adminGroups.userGroups, {
    tags,
    summary: 'The groups a player is in',
    handler: (request) => userGroups(deps, request.params.id),
  });
}
