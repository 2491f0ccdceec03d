import type { JobDefinition } from '../deps.ts';
import { backchannelLogout } from '../services/access-end/jobs.ts';
import { auditForward } from '../services/audit-trail/jobs.ts';
import { encryptionKeyChange } from '../services/encryption-key/jobs.ts';
import { discordMemberUpdate } from '../services/discord/member-jobs.ts';
import { discordReconcileSweep } from '../services/discord/reconcile-jobs.ts';
import { factionListRead, factionRosterRead, factionRosterSweep, groupGraceSweep } from '../services/groups/jobs.ts';
import { serviceJwtRotationSweep } from '../services/service-jwts/jobs.ts';
import { signInCleanup } from '../services/sessions/jobs.ts';
import { swcBindingRefresh } from '../services/swc-bindings/jobs.ts';
import { syncRun, syncDetails, syncDetailsSweep, syncSchedules, syncRunSweep } from '../services/sync/jobs.ts';
import { signingKeyRotation } from '../services/tokens/jobs.ts';

/** Every background job of the portal. A new one is a definition beside its service and a line here. */
export const JOBS: readonly JobDefinition[] = [
  // Sent by services from any replica.
  backchannelLogout,
  auditForward,
  syncRun,
  syncDetails,
  factionRosterRead,
  discordMemberUpdate,
  // Scheduled sweeps.
  serviceJwtRotationSweep,
  signingKeyRotation,
  signInCleanup,
  swcBindingRefresh,
  syncRunSweep,
  syncDetailsSweep,
  syncSchedules,
  factionRosterSweep,
  factionListRead,
  groupGraceSweep,
  encryptionKeyChange,
  discordReconcileSweep,
];
