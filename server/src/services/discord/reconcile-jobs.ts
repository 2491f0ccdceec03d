import type { JobDefinition } from '../../deps.ts';
import { reconcileWhenDue } from './reconcile.ts';

/** Every minute, one worker checks whether the reconcile is due (DISCORD_RECONCILE_MIN) and runs it. */
export const discordReconcileSweep: JobDefinition = {
  name: 'discord-reconcile-sweep',
  schedule: '* * * * *',
  run: (deps) => reconcileWhenDue(deps),
};
