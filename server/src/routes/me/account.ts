import { account } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import { appsWhy } from '../../services/account/apps-why.ts';
import { connectedApps, disconnectApp } from '../../services/account/connected-apps.ts';
import { noticesSeen, ownEvents, ownNotices } from '../../services/account/events.ts';
import { ownSessions, signOutElsewhere, signOutSession } from '../../services/account/sessions.ts';
import { withTotal } from '../with-total.ts';
import { route } from '../endpoint-route.ts';

const tags = ['me: your account'];

/** The player's own account: each call reads or changes only the caller's own sessions, apps and events. */
export default async function accountRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, account.sessions, {
    tags,
    summary: 'Where you are signed in: your live sessions, this browser’s first and marked `current`',
    handler: (request) => ownSessions(deps, request.auth),
  });
  route(app, account.signOutSession, {
    tags,
    summary: 'Sign out one of your other sessions (404 for a session that is not yours; 409 for this browser’s)',
    handler: async (request) => {
      await signOutSession(deps, request.auth, request.params.sid, requestMeta(request));
      return null;
    },
  });
  route(app, account.signOutElsewhere, {
    tags,
    summary: 'Sign out everywhere else: every live session of yours but this browser’s',
    handler: async (request) => ({ ended: await signOutElsewhere(deps, request.auth, requestMeta(request)) }),
  });
  route(app, account.connectedApps, {
    tags,
    summary: 'The OpenID Connect apps holding a grant for you, and the apps that may act on SWCombine for you',
    handler: (request) => connectedApps(deps, request.auth),
  });
  route(app, account.disconnectApp, {
    tags,
    summary: 'Disconnect an app: its grant, refresh and access tokens end, and it is told by back-channel logout',
    handler: async (request) => {
      await disconnectApp(deps, request.auth, request.params.appKey, requestMeta(request));
      return null;
    },
  });
  route(app, account.appsWhy, {
    tags,
    summary: 'The apps you may open and why, and those whose rules admit a group you are not in',
    handler: (request) => appsWhy(deps, request.auth),
  });
  route(app, account.events, {
    tags,
    summary: 'What changed for you: your own events, newest first; paged with limit and offset; the total is in X-Total-Count',
    handler: async (request, reply) => {
      const { rows, total } = await ownEvents(deps, request.auth.user.id, request.query.limit, request.query.offset);
      return withTotal(reply, rows, total);
    },
  });
  route(app, account.notices, {
    tags,
    summary: 'Changes to your access since you last dismissed them (the dashboard’s notice)',
    handler: async (request) => ({ notices: await ownNotices(deps, request.auth.user.id) }),
  });
  route(app, account.noticesSeen, {
    tags,
    summary: 'Dismiss the notices up to `until` (the newest shown); a later change still shows',
    handler: async (request) => {
      await noticesSeen(deps, request.auth.user.id, request.body.until);
      return null;
    },
  });
}
