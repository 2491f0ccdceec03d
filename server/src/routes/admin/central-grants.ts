import { adminCentralGrants } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { changeCentralGrant, centralGrantsOf } from '../../services/admin/central-grants.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';

const tags = ['admin: central consents and roles'];

export default async function centralGrantRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, adminCentralGrants.get, { tags, handler: (request) => centralGrantsOf(deps, request.query.userId, request.query.appId) });
  const changes = [
    [adminCentralGrants.grantScope, 'scope', 'grant'],
    [adminCentralGrants.revokeScope, 'scope', 'revoke'],
    [adminCentralGrants.grantRole, 'role', 'grant'],
    [adminCentralGrants.revokeRole, 'role', 'revoke'],
  ] as const;
  for (const [endpoint, kind, action] of changes) {
    route(app, endpoint, { tags, handler: (request) => changeCentralGrant(deps, actorOf(request), request.body, kind, action) });
  }
}
