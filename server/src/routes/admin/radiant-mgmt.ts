import { radiantMgmt } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import { listSyncRuns, syncTargetStats, triggerSync } from '../../services/sync/index.ts';
import { route } from '../endpoint-route.ts';

const tags = ['admin: data sync'];

/** Radiant Management: queue SWCombine data syncs and follow them. */
export default async function radiantMgmtRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, radiantMgmt.triggerSync, {
    tags,
    summary: 'Queue a sync of one target (or all); 409 while that target is queued or running',
    handler: (request) => triggerSync(deps, request.params.target, { userId: request.auth.user.id }, requestMeta(request)),
  });
  route(app, radiantMgmt.history, {
    tags,
    summary: 'The latest sync runs, newest first',
    handler: async (request) => ({ runs: await listSyncRuns(deps, request.query.limit) }),
  });
  route(app, radiantMgmt.targets, {
    tags,
    summary: 'Per target: rows stored and when a sync of it last completed',
    handler: () => syncTargetStats(deps),
  });
}
