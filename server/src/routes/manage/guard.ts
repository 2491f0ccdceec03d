import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../plugins/http-error.ts';
import { requireSession } from '../../plugins/session.ts';
import { NotFound } from '../../lib/errors.ts';
import { manages, managesAny, managesRequest } from '../../services/groups/manager-checks.ts';

/** Guard for the manage folder: 401 without a session, 403 for a player who manages no group. */
export async function requireManager(request: FastifyRequest) {
  await requireSession(request);
  if (!(await managesAny(request.server.deps, request.auth.user.id))) {
    throw forbidden('You manage no group: an admin makes players managers of a group.');
  }
}

/** Guard for the routes of one group (`:id`): a group the caller does not manage is a 404, as one that does not exist. */
export async function requireManagerOfGroup(request: FastifyRequest) {
  const { id } = request.params as { id: string };
  if (!(await manages(request.server.deps, request.auth.user.id, id))) throw new NotFound('No group with this id.');
}

/** Guard for the routes of one request (`:id`): a request to a group the caller does not manage is a 404. */
export async function requireManagerOfRequest(request: FastifyRequest) {
  const { id } = request.params as { id: string };
  if (!(await managesRequest(request.server.deps, request.auth.user.id, id))) throw new NotFound('No request with this id.');
}
