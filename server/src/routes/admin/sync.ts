import { adminSync } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import { listSyncRuns, triggerSync } from '../../services/sync/runs.ts';
import { pauseSyncSchedule, removeSyncSchedule, setSyncSchedule, syncSchedules } from '../../services/sync/schedules.ts';
import { syncRunCost } from '../../services/sync/run-cost.ts';
import { syncTargetStats } from '../../services/sync/target-stats.ts';
import { route } from '../endpoint-route.ts';
import { actorOf } from './actor.ts';

const tags = ['admin: data sync'];

/** Radiant Management: queue SWCombine data syncs, schedule them and follow them. */
export default async function syncRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, adminSync.triggerSync, {
    tags,
    summary: 'Queue a sync of one target (or all); 409 while that target is queued or running',
    handler: (request) => triggerSync(deps, request.params.target, { userId: request.auth.user.id }, requestMeta(request)),
  });
  route(app, adminSync.history, {
    tags,
    summary: 'The latest sync runs, newest first',
    handler: async (request) => ({ runs: await listSyncRuns(deps, request.query.limit) }),
  });
  route(app, adminSync.targets, {
    tags,
    summary: 'Per target: rows stored, its last complete sync and what it found, and the details still to be read',
    handler: () => syncTargetStats(deps),
  });
  route(app, adminSync.cost, {
    tags,
    summary: 'What a run of the target would spend now: list requests, then details in the background, and when done',
    handler: (request) => syncRunCost(deps, request.params.target),
  });
  route(app, adminSync.schedules, {
    tags,
    summary: 'The targets synced by themselves, how often and when next',
    handler: () => syncSchedules(deps),
  });
  route(app, adminSync.setSchedule, {
    tags,
    summary: 'Sync a target every N hours from now on (replaces its schedule)',
    handler: (request) => setSyncSchedule(deps, actorOf(request), request.params.target, request.body),
  });
  route(app, adminSync.removeSchedule, {
    tags,
    summary: 'Stop syncing a target by itself; 404 when it has no schedule',
    handler: async (request) => {
      await removeSyncSchedule(deps, actorOf(request), request.params.target);
      return null;
    },
  });
  route(app, adminSync.pauseSchedule, {
    tags,
    summary: 'Pause a schedule: it queues nothing until resumed; 404 without one, 409 when already paused',
    handler: (request) => pauseSyncSchedule(deps, actorOf(request), request.params.target, true),
  });
  route(app, adminSync.resumeSchedule, {
    tags,
    summary: 'Resume a paused schedule; 404 without one, 409 when it is not paused',
    handler: (request) => pauseSyncSchedule(deps, actorOf(request), request.params.target, false),
  });
}
