import { z } from 'zod';
import {
  AccountEventList,
  AccountEventsQuery,
  AccountNotices,
  AccountSessionList,
  AppsWhy,
  ConnectedApps,
  NoticesSeenInput,
} from '../account.ts';
import { appKeyField } from '../admin-apps.ts';
import { EndedSessions, SessionId } from '../admin-users.ts';
import { defineEndpoint } from '../endpoint.ts';
import { firstLoadPaths } from './first-load-paths.ts';

const SessionParams = z.object({ sid: SessionId });
const AppParams = z.object({ appKey: appKeyField('App key') });

/**
 * The signed-in player's own account (a live session, else 401). Each answers only the caller's own
 * data: a session, app or event of another player is a 404, as one that does not exist.
 */
export const account = {
  sessions: defineEndpoint({ method: 'GET', path: '/api/me/sessions', status: 200, answer: AccountSessionList, errors: [401] }),
  signOutSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/sessions/:sid',
    params: SessionParams,
    status: 204,
    answer: z.null(),
    errors: [400, 401, 404, 409],
  }),
  signOutElsewhere: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/sessions',
    status: 200,
    answer: EndedSessions,
    errors: [401],
  }),
  connectedApps: defineEndpoint({ method: 'GET', path: '/api/me/connected-apps', status: 200, answer: ConnectedApps, errors: [401] }),
  disconnectApp: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/connected-apps/:appKey',
    params: AppParams,
    status: 204,
    answer: z.null(),
    errors: [400, 401, 404],
  }),
  appsWhy: defineEndpoint({ method: 'GET', path: '/api/me/apps/why', status: 200, answer: AppsWhy, errors: [401] }),
  events: defineEndpoint({
    method: 'GET',
    path: '/api/me/events',
    query: AccountEventsQuery,
    status: 200,
    answer: AccountEventList,
    errors: [400, 401],
  }),
  notices: defineEndpoint({ method: 'GET', path: firstLoadPaths.notices, status: 200, answer: AccountNotices, errors: [401] }),
  noticesSeen: defineEndpoint({
    method: 'POST',
    path: '/api/me/notices/seen',
    body: NoticesSeenInput,
    status: 204,
    answer: z.null(),
    errors: [400, 401],
  }),
};
