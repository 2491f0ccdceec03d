import type { JobDefinition } from '../../deps.ts';
import { applyGraceEnds } from './grace-ends.ts';
import { expireRequests } from './group-requests.ts';
import { applyMembershipEnds } from './membership-ends.ts';
import { readDueRosters, ROSTER_READ_JOB } from './rosters.ts';
import { readFactionListWhenDue } from './faction-list.ts';

/** SWCombine's faction list, looked at every minute and read when a day old (at once on a new install), through the budget. */
export const factionListRead: JobDefinition = {
  name: 'swc-faction-list-read',
  schedule: '* * * * *',
  run: (deps) => readFactionListWhenDue(deps),
};

/** Faction rosters due (every ROSTER_INTERVAL_MIN) are read; a leave ends access within a minute of its read. */
export const factionRosterSweep: JobDefinition = {
  name: 'faction-roster-sweep',
  schedule: '* * * * *',
  run: (deps) => readDueRosters(deps),
};

/** An admin's "Read rosters now". */
export const factionRosterRead: JobDefinition = {
  name: ROSTER_READ_JOB,
  handedOver: true,
  retries: { retryLimit: 2, retryDelay: 30 },
  pollingIntervalSeconds: 1,
  run: (deps) => readDueRosters(deps, { force: true }),
};

/**
 * Every minute: ends what a rule gave a player who left its group once the rule's grace period runs out, ends the
 * memberships whose end date passed, and expires the requests no manager answered in time.
 */
export const groupGraceSweep: JobDefinition = {
  name: 'group-grace-sweep',
  schedule: '* * * * *',
  run: async (deps) => ({ ...(await applyGraceEnds(deps)), ...(await applyMembershipEnds(deps)), ...(await expireRequests(deps)) }),
};
