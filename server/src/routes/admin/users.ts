import {
  AccessStatus,
  AddUserInput,
  AdminUser,
  AdminUserList,
  appKeyField,
  AuditRow,
  EndedSessions,
  ErrorBody,
  SessionRow,
  singleLineText,
  UserAccessRow,
  UserDetailPageQuery,
  UserListQuery,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessStatus,
  addUser,
  changeAccess,
  endAllUserSessions,
  endUserSession,
  findUsers,
  userAccess,
  userAudit,
  userSessions,
} from '../../services/admin/users.ts';
import { actorOf } from './actor.ts';

const UserParams = z.object({ id: z.uuid('id must be a user id (a UUID)') });
const AppParams = UserParams.extend({ appKey: appKeyField('App key') });
const SessionParams = UserParams.extend({
  sid: singleLineText('Session id (sid)', { min: 1, max: 64 }).regex(/^[A-Za-z0-9_-]+$/, 'Session id (sid) is not a session id'),
});
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin: users and access'];

export default async function userRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Users, searchable by name or UID; the total is in X-Total-Count',
        querystring: UserListQuery,
        response: { 200: AdminUserList, ...errors },
      },
    },
    async (request, reply) => {
      const { users, total } = await findUsers(deps, request.query.q, request.query.limit, request.query.offset);
      reply.header('x-total-count', String(total));
      return users;
    },
  );
  app.post('/api/admin/users', { schema: { tags, body: AddUserInput, response: { 201: AdminUser, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await addUser(deps, actorOf(request), request.body.uid)),
  );
  app.get(
    '/api/admin/users/:id/access',
    { schema: { tags, params: UserParams, response: { 200: z.array(UserAccessRow), ...errors } } },
    (request) => userAccess(deps, request.params.id),
  );
  app.get(
    '/api/admin/users/:id/audit',
    {
      schema: {
        tags,
        summary: "The user's audit log, newest first; paged with limit and offset (else the latest 200); the total is in X-Total-Count",
        params: UserParams,
        querystring: UserDetailPageQuery,
        response: { 200: z.array(AuditRow), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await userAudit(deps, request.params.id, request.query.limit, request.query.offset);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );
  app.get(
    '/api/admin/users/:id/sessions',
    {
      schema: {
        tags,
        summary: "The user's live sessions, newest first; paged with limit and offset (else all); the total is in X-Total-Count",
        params: UserParams,
        querystring: UserDetailPageQuery,
        response: { 200: z.array(SessionRow), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await userSessions(deps, request.params.id, request.query.limit, request.query.offset);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );
  app.delete(
    '/api/admin/users/:id/sessions',
    {
      schema: {
        tags,
        summary: 'End every live session of the user, each audited as ending one session',
        params: UserParams,
        response: { 200: EndedSessions, ...errors },
      },
    },
    async (request) => ({ ended: await endAllUserSessions(deps, actorOf(request), request.params.id) }),
  );
  app.delete(
    '/api/admin/users/:id/sessions/:sid',
    { schema: { tags, summary: 'End one session of the user', params: SessionParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await endUserSession(deps, actorOf(request), request.params.id, request.params.sid);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/admin/users/:id/apps/:appKey',
    { schema: { tags, params: AppParams, response: { 200: AccessStatus, ...errors } } },
    (request) => accessStatus(deps, request.params.id, request.params.appKey),
  );
  app.post(
    '/api/admin/users/:id/apps/:appKey/grant',
    { schema: { tags, params: AppParams, response: { 200: AccessStatus, ...errors } } },
    (request) => changeAccess(deps, actorOf(request), request.params.id, request.params.appKey, 'grant'),
  );
  app.post(
    '/api/admin/users/:id/apps/:appKey/suspend',
    { schema: { tags, params: AppParams, response: { 200: AccessStatus, ...errors } } },
    (request) => changeAccess(deps, actorOf(request), request.params.id, request.params.appKey, 'suspend'),
  );
  app.delete(
    '/api/admin/users/:id/apps/:appKey/grant',
    { schema: { tags, params: AppParams, response: { 200: AccessStatus, ...errors } } },
    (request) => changeAccess(deps, actorOf(request), request.params.id, request.params.appKey, 'revoke'),
  );
}
