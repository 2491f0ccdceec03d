import { ErrorBody, singleLineText, SyncHistory, SyncTarget, SyncTargetStats, SyncTriggerAnswer } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../plugins/session.ts';
import { listSyncRuns, syncTargetStats, triggerSync } from '../../services/sync/index.ts';

const TriggerParams = z.object({ target: SyncTarget });
const LIMIT_RULE = 'limit must be a whole number from 1 to 100';
const HistoryQuery = z.object({
  limit: singleLineText('limit', { max: 10 })
    .regex(/^[0-9]+$/, LIMIT_RULE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_RULE).max(100, LIMIT_RULE))
    .default(10),
});
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['admin: data sync'];

/** Radiant Management: queue SWCombine data syncs and follow them. */
export default async function radiantMgmtRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/api/admin/radiant-mgmt/sync/:target',
    {
      schema: {
        tags,
        summary: 'Queue a sync of one target (or all); 409 while that target is queued or running',
        params: TriggerParams,
        response: { 202: SyncTriggerAnswer, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await triggerSync(deps, request.params.target, { userId: request.auth.user.id }, requestMeta(request));
      return reply.code(202).send(answer);
    },
  );

  app.get(
    '/api/admin/radiant-mgmt/history',
    {
      schema: {
        tags,
        summary: 'The latest sync runs, newest first',
        querystring: HistoryQuery,
        response: { 200: SyncHistory, ...errors },
      },
    },
    async (request) => ({ runs: await listSyncRuns(deps, request.query.limit) }),
  );

  app.get(
    '/api/admin/radiant-mgmt/targets',
    {
      schema: {
        tags,
        summary: 'Per target: rows stored and when a sync of it last completed',
        response: { 200: z.array(SyncTargetStats), ...errors },
      },
    },
    () => syncTargetStats(deps),
  );
}
