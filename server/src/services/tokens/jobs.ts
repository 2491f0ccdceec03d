import type { JobDefinition } from '../../deps.ts';

/** Makes the first signing key, or a successor when one is due, every hour. */
export const signingKeyRotation: JobDefinition = {
  name: 'signing-key-rotation',
  schedule: '17 * * * *',
  run: (deps) => deps.keys.ensure(),
};
