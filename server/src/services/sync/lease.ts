import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { LeaseTerms } from './queries/leases.ts';

/**
 * How long a run stays with its job without a sign of life. Every stored page and every wait for
 * the budget renews it; a run whose lease ran out (a call hangs, or its process was killed on a
 * host that vanished) is handed to a new job by the minute sweep, so it resumes within about two
 * minutes. A run whose worker process is known dead is handed on at the next sweep, lease or not.
 */
export const LEASE_MS = 60_000;

/** Another job works the run now (this one hung past its lease): this job stops, storing nothing more. */
export class LeaseLost extends Error {
  constructor() {
    super('Another job works this sync run now.');
  }
}

/** One job execution's hold on a run. */
export interface RunLease {
  runId: string;
  holder: string;
  /** The terms of a lease renewed now, lasting LEASE_MS past `from` (now by default). */
  terms(from?: Date): LeaseTerms;
}

/** `worker`: the presence id of the worker process running the job, if it holds one. */
export function newLease(runId: string, clock: Clock, worker: number | null = null): RunLease {
  const holder = randomUUID();
  return {
    runId,
    holder,
    terms: (from = clock.now()) => ({ runId, holder, until: new Date(from.getTime() + LEASE_MS), worker }),
  };
}
