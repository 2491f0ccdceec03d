import { adminAudit } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { listActivity } from '../../services/audit-trail/activity.ts';
import { EXPORT_TYPES, exportActivity } from '../../services/audit-trail/export.ts';
import { forwardingState, removeForwarding, setForwarding } from '../../services/audit-trail/forwarding.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';

const tags = ['admin: activity'];

export default async function auditRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, adminAudit.list, {
    tags,
    summary: 'Every audit event, newest first, filtered; a page of `limit`, the next from `next_cursor`',
    handler: (request) => listActivity(deps, request.query),
  });
  route(app, adminAudit.export, {
    tags,
    summary: 'The filtered events as CSV or NDJSON (a download, streamed)',
    handler: (request, reply) => {
      const { format, ...filters } = request.query;
      const stamp = deps.clock.now().toISOString().slice(0, 19).replaceAll(':', '-');
      return reply
        .code(200)
        .type(EXPORT_TYPES[format])
        .header('content-disposition', `attachment; filename="activity-${stamp}.${format}"`)
        .send(exportActivity(deps, filters, format));
    },
  });
  route(app, adminAudit.forwarding, {
    tags,
    summary: 'The webhook every new event is forwarded to, and how its deliveries stand',
    handler: () => forwardingState(deps),
  });
  route(app, adminAudit.setForwarding, {
    tags,
    summary: 'Set the webhook (URL and signing secret); it receives the events written from now on',
    handler: (request) => setForwarding(deps, actorOf(request), request.body),
  });
  route(app, adminAudit.removeForwarding, {
    tags,
    summary: 'Stop forwarding events',
    handler: (request) => removeForwarding(deps, actorOf(request)),
  });
}
