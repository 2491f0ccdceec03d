import type { JobDefinition } from '../../deps.ts';
import { purgeFinishedSignIns } from './cleanup.ts';

/** Deletes finished sessions, expired sign-in attempts and OpenID Connect records, and old audit events, every quarter of an hour. */
export const signInCleanup: JobDefinition = {
  name: 'sign-in-cleanup',
  schedule: '*/15 * * * *',
  run: (deps) => purgeFinishedSignIns(deps),
};
