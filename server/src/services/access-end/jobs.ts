import type { JobDefinition } from '../../deps.ts';
import { BACKCHANNEL_LOGOUT_JOB, deliverBackchannelLogout, type BackchannelLogoutJob } from './backchannel-logout.ts';

/** Tells one app that a session it was used with has ended; sent when access ends. */
export const backchannelLogout: JobDefinition<BackchannelLogoutJob> = {
  name: BACKCHANNEL_LOGOUT_JOB,
  handedOver: true,
  retries: { retryLimit: 8, retryDelay: 5, retryBackoff: true },
  run: (deps, job) => deliverBackchannelLogout(deps, job.data),
};
