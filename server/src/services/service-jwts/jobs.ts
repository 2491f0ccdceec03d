import type { JobDefinition } from '../../deps.ts';
import { runRotationSweep } from './sweep.ts';

/** Rotates the service JWTs that are due, every minute. */
export const serviceJwtRotationSweep: JobDefinition = {
  name: 'service-jwt-rotation-sweep',
  schedule: '* * * * *',
  run: (deps) => runRotationSweep(deps),
};
