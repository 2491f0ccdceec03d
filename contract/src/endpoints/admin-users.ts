import { z } from 'zod';
import { ConnectedApp } from '../account.ts';
import { appKeyField } from '../admin-apps.ts';
import {
  AccessStatus,
  AddUserInput,
  AdminUser,
  AdminUserList,
  AuditRow,
  EndAllSessionsQuery,
  EndedUserSessions,
  SessionId,
  SessionRow,
  UserAccessRow,
  UserDetailPageQuery,
  UserListQuery,
} from '../admin-users.ts';
import { defineEndpoint } from '../endpoint.ts';

const UserParams = z.object({ id: z.uuid('id must be a user id (a UUID)') });
const AppParams = UserParams.extend({ appKey: appKeyField('App key') });
const SessionParams = UserParams.extend({ sid: SessionId });
const errors = [400, 401, 403, 404, 409] as const;
/** A user's access to one app: read, or changed, each answering the status it leaves. */
const access = <const M extends 'GET' | 'POST' | 'DELETE', const S extends '' | '/grant' | '/suspend'>(method: M, suffix: S) =>
  defineEndpoint({
    method,
    path: `/api/admin/users/:id/apps/:appKey${suffix}`,
    params: AppParams,
    status: 200,
    answer: AccessStatus,
    errors,
  });

/** Users, their access to apps and their sessions (admins). */
export const adminUsers = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/users', query: UserListQuery, status: 200, answer: AdminUserList, errors }),
  add: defineEndpoint({ method: 'POST', path: '/api/admin/users', body: AddUserInput, status: 201, answer: AdminUser, errors }),
  get: defineEndpoint({ method: 'GET', path: '/api/admin/users/:id', params: UserParams, status: 200, answer: AdminUser, errors }),
  access: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/access',
    params: UserParams,
    status: 200,
    answer: z.array(UserAccessRow),
    errors,
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/audit',
    params: UserParams,
    query: UserDetailPageQuery,
    status: 200,
    answer: z.array(AuditRow),
    errors,
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/sessions',
    params: UserParams,
    query: UserDetailPageQuery,
    status: 200,
    answer: z.array(SessionRow),
    errors,
  }),
  endAllSessions: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/sessions',
    params: UserParams,
    query: EndAllSessionsQuery,
    status: 200,
    answer: EndedUserSessions,
    errors,
  }),
  endSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/sessions/:sid',
    params: SessionParams,
    status: 204,
    answer: z.null(),
    errors,
  }),
  /** The apps holding a grant for the player (what Your account lists), and ending one. */
  connectedApps: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/connected-apps',
    params: UserParams,
    status: 200,
    answer: z.array(ConnectedApp),
    errors,
  }),
  disconnectApp: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/connected-apps/:appKey',
    params: AppParams,
    status: 204,
    answer: z.null(),
    errors,
  }),
  accessStatus: access('GET', ''),
  grantAccess: access('POST', '/grant'),
  suspendAccess: access('POST', '/suspend'),
  revokeAccess: access('DELETE', '/grant'),
};
