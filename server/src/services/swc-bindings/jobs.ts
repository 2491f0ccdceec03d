import type { JobDefinition } from '../../deps.ts';
import { refreshDueBindings } from './refresh.ts';

/** Refreshes the SWCombine bindings whose access tokens expire soon, every five minutes. */
export const swcBindingRefresh: JobDefinition = {
  name: 'swc-binding-refresh',
  schedule: '*/5 * * * *',
  run: (deps) => refreshDueBindings(deps),
};
