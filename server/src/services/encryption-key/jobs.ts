import type { JobDefinition } from '../../deps.ts';
import { reencryptSecrets } from './reencrypt.ts';

/**
 * While ENCRYPTION_KEY_PREVIOUS is set: re-encrypts every secret under ENCRYPTION_KEY when a worker starts
 * and every ten minutes (a replica still on the old key may have sealed something meanwhile), and says
 * in the log whether the old key can go. Without it, nothing to do.
 */
export const encryptionKeyChange: JobDefinition = {
  name: 'encryption-key-change',
  schedule: '*/10 * * * *',
  atWorkerStart: true,
  async run(deps, job) {
    if (!deps.encryptor.changing) return { changing: false };
    const result = await reencryptSecrets(deps);
    job.warn(
      result.finished
        ? `ENCRYPTION_KEY change finished: every secret is encrypted under ENCRYPTION_KEY (${result.reencrypted} re-encrypted now, ${result.current} already). Remove ENCRYPTION_KEY_PREVIOUS from every process.`
        : `ENCRYPTION_KEY change not finished: ${result.unreadable.length} secrets open with neither key (${result.unreadable.slice(0, 5).join('; ')}). Keep ENCRYPTION_KEY_PREVIOUS, and check both keys are the right ones.`,
    );
    return result;
  },
};
