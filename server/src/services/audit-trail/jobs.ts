import type { JobDefinition } from '../../deps.ts';
import { AUDIT_FORWARD_JOB, forwardAuditEvents } from './forwarding.ts';

/**
 * Activity forwarding: a round every minute and one when the webhook is set; a failed round is
 * retried with backoff (up to about 20 minutes), and the next minute's round starts over from the
 * cursor anyway.
 */
export const auditForward: JobDefinition = {
  name: AUDIT_FORWARD_JOB,
  handedOver: true,
  schedule: '* * * * *',
  retries: { retryLimit: 6, retryDelay: 20, retryBackoff: true, retryDelayMax: 1200 },
  run: (deps) => forwardAuditEvents(deps),
};
