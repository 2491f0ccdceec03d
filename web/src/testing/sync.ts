import { SYNC_TARGETS, type SyncRun, type SyncTarget, type SyncTargetStats } from '@portal/contract';
import { reply, stubFetch, type Reply, type StubCall } from './fetch-stub.ts';
import { admin } from './fixtures.ts';
import { renderApp } from './render-app.tsx';

export const HISTORY = 'GET /api/admin/radiant-mgmt/history';
export const TARGETS = 'GET /api/admin/radiant-mgmt/targets';
export const SCHEDULES = 'GET /api/admin/radiant-mgmt/schedules';
export const trigger = (target: string) => `POST /api/admin/radiant-mgmt/sync/${target}`;

export const run = (overrides: Partial<SyncRun> & Pick<SyncRun, 'type' | 'status'>): SyncRun => ({
  message: null,
  timestamp: '2026-11-22T12:00:00.000Z',
  ...overrides,
});

/** Every target with nothing stored, no run and nothing missing. */
export const stats: SyncTargetStats[] = SYNC_TARGETS.map((target) => ({
  target,
  rows: 0,
  lastCompleteAt: null,
  lastRun: null,
  details: null,
  latestRun: null,
  needsBinding: null,
}));
export const withStats = (target: SyncTarget, overrides: Partial<SyncTargetStats>): SyncTargetStats[] =>
  stats.map((s) => (s.target === target ? { ...s, ...overrides } : s));

export type Routes = Record<string, Reply | ((call: StubCall, nth: number) => Reply | Promise<Reply>)>;

/** /admin/radiant-mgmt as `user` (the admin by default): no runs, nothing stored, no schedules unless `routes` say. */
export function openSyncScreen(routes: Routes, user: object = admin) {
  const api = stubFetch({
    'GET /api/me': reply(200, user),
    [HISTORY]: reply(200, { runs: [] }),
    [TARGETS]: reply(200, stats),
    [SCHEDULES]: reply(200, []),
    ...routes,
  });
  const app = renderApp('/admin/radiant-mgmt');
  return { api, app };
}
