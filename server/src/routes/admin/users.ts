import { adminUsers } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import {
  accessStatus,
  addUser,
  changeAccess,
  endAllUserSessions,
  endUserSession,
  findUser,
  findUsers,
  userAccess,
  userAudit,
  userSessions,
} from '../../services/admin/users.ts';
import { disconnectAllUserApps, disconnectUserApp, userConnectedApps } from '../../services/admin/apps-held-by-user.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';
import { withTotal } from '../with-total.ts';

const tags = ['admin: users and access'];

export default async function userRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, adminUsers.list, {
    tags,
    summary: 'Users, searchable by name or UID; the total is in X-Total-Count',
    handler: async (request, reply) => {
      const { users, total } = await findUsers(deps, request.query.q, request.query.limit, request.query.offset);
      return withTotal(reply, users, total);
    },
  });
  route(app, adminUsers.add, { tags, handler: (request) => addUser(deps, actorOf(request), request.body.uid) });
  route(app, adminUsers.get, { tags, summary: 'One user', handler: (request) => findUser(deps, request.params.id) });
  route(app, adminUsers.access, { tags, handler: (request) => userAccess(deps, request.params.id) });
  route(app, adminUsers.audit, {
    tags,
    summary: "The user's audit log, newest first; paged with limit and offset (else the latest 200); the total is in X-Total-Count",
    handler: async (request, reply) => {
      const { rows, total } = await userAudit(deps, request.params.id, request.query.limit, request.query.offset);
      return withTotal(reply, rows, total);
    },
  });
  route(app, adminUsers.sessions, {
    tags,
    summary: "The user's live sessions, newest first; paged with limit and offset (else all); the total is in X-Total-Count",
    handler: async (request, reply) => {
      const { rows, total } = await userSessions(deps, request.params.id, request.query.limit, request.query.offset);
      return withTotal(reply, rows, total);
    },
  });
  route(app, adminUsers.endAllSessions, {
    tags,
    summary:
      'End every live session of the user, each audited as ending one session; with disconnect_apps=true also disconnect every app holding a grant (its refresh tokens end too)',
    handler: async (request) => {
      const actor = actorOf(request);
      const ended = await endAllUserSessions(deps, actor, request.params.id);
      if (request.query.disconnect_apps !== 'true') return { ended };
      return { ended, apps_disconnected: await disconnectAllUserApps(deps, actor, request.params.id) };
    },
  });
  route(app, adminUsers.connectedApps, {
    tags,
    summary: 'The apps holding a grant for the user (OpenID Connect), as Your account lists them',
    handler: (request) => userConnectedApps(deps, request.params.id),
  });
  route(app, adminUsers.disconnectApp, {
    tags,
    summary: 'Disconnect one app from the user: its grant, codes and tokens end, and it is told by back-channel logout',
    handler: async (request) => {
      await disconnectUserApp(deps, actorOf(request), request.params.id, request.params.appKey);
      return null;
    },
  });
  route(app, adminUsers.endSession, {
    tags,
    summary: 'End one session of the user',
    handler: async (request) => {
      await endUserSession(deps, actorOf(request), request.params.id, request.params.sid);
      return null;
    },
  });
  route(app, adminUsers.accessStatus, { tags, handler: (request) => accessStatus(deps, request.params.id, request.params.appKey) });
  route(app, adminUsers.grantAccess, {
    tags,
    handler: (request) => changeAccess(deps, actorOf(request), request.params.id, request.params.appKey, 'grant'),
  });
  route(app, adminUsers.suspendAccess, {
    tags,
    handler: (request) => changeAccess(deps, actorOf(request), request.params.id, request.params.appKey, 'suspend'),
  });
  route(app, adminUsers.revokeAccess, {
    tags,
    handler: (request) => changeAccess(deps, actorOf(request), request.params.id, request.params.appKey, 'revoke'),
  });
}
