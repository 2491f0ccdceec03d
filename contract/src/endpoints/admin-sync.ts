import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { SyncHistory, SyncRunCost, SyncSchedule, SyncScheduleInput, SyncTarget, SyncTargetStats, SyncTriggerAnswer } from '../sync.ts';
import { singleLineText } from '../text.ts';

const TriggerParams = z.object({ target: SyncTarget });
const LIMIT_RULE = 'limit must be a whole number from 1 to 100';
const HistoryQuery = z.object({
  limit: singleLineText('limit', { max: 10 })
    .regex(/^[0-9]+$/, LIMIT_RULE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_RULE).max(100, LIMIT_RULE))
    .default(10),
});
const errors = [400, 401, 403] as const;

/** Radiant Management: queue SWCombine data syncs and follow them (admins). */
export const adminSync = {
  triggerSync: defineEndpoint({
    method: 'POST',
    path: '/api/admin/radiant-mgmt/sync/:target',
    params: TriggerParams,
    status: 202,
    answer: SyncTriggerAnswer,
    errors: [...errors, 409],
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/admin/radiant-mgmt/history',
    query: HistoryQuery,
    status: 200,
    answer: SyncHistory,
    errors,
  }),
  targets: defineEndpoint({
    method: 'GET',
    path: '/api/admin/radiant-mgmt/targets',
    status: 200,
    answer: z.array(SyncTargetStats),
    errors,
  }),
  cost: defineEndpoint({
    method: 'GET',
    path: '/api/admin/radiant-mgmt/cost/:target',
    params: TriggerParams,
    status: 200,
    answer: SyncRunCost,
    errors,
  }),
  schedules: defineEndpoint({
    method: 'GET',
    path: '/api/admin/radiant-mgmt/schedules',
    status: 200,
    answer: z.array(SyncSchedule),
    errors,
  }),
  setSchedule: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/radiant-mgmt/schedules/:target',
    params: TriggerParams,
    body: SyncScheduleInput,
    status: 200,
    answer: SyncSchedule,
    errors,
  }),
  removeSchedule: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/radiant-mgmt/schedules/:target',
    params: TriggerParams,
    status: 204,
    answer: z.null(),
    errors: [...errors, 404],
  }),
  pauseSchedule: defineEndpoint({
    method: 'POST',
    path: '/api/admin/radiant-mgmt/schedules/:target/pause',
    params: TriggerParams,
    status: 200,
    answer: SyncSchedule,
    errors: [...errors, 404, 409],
  }),
  resumeSchedule: defineEndpoint({
    method: 'POST',
    path: '/api/admin/radiant-mgmt/schedules/:target/resume',
    params: TriggerParams,
    status: 200,
    answer: SyncSchedule,
    errors: [...errors, 404, 409],
  }),
};
