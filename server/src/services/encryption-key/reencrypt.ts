import type { Deps } from '../../deps.ts';
import { insertAudit } from '../../queries/audit.ts';
import { listSealedValues, replaceSealedValue, SEALED_COLUMNS } from './queries/sealed-values.ts';

export interface ReencryptResult {
  /** Sealed values moved from the previous key to the current one in this run. */
  reencrypted: number;
  /** Values already sealed with the current key. */
  current: number;
  /** Values neither key opens, by table and column: they stay as they are. */
  unreadable: string[];
  /** Every value is sealed with the current key: ENCRYPTION_KEY_PREVIOUS can go. */
  finished: boolean;
}

/**
 * Seals every secret the portal keeps with ENCRYPTION_KEY, opening the ones still sealed with
 * ENCRYPTION_KEY_PREVIOUS. Safe beside running replicas: each value is replaced only if unchanged since it
 * was read. When a run moves the last values, an audit row says the change has finished.
 */
export async function reencryptSecrets(deps: Pick<Deps, 'db' | 'encryptor' | 'clock'>): Promise<ReencryptResult> {
  const result: ReencryptResult = { reencrypted: 0, current: 0, unreadable: [], finished: false };
  for (const column of SEALED_COLUMNS) {
    for (const value of await listSealedValues(deps.db, column)) {
      if (deps.encryptor.sealedWithCurrent(value.sealed)) {
        result.current += 1;
        continue;
      }
      let plain: string;
      try {
        plain = deps.encryptor.decrypt(value.sealed);
      } catch {
        result.unreadable.push(`${column.table}.${column.column} (${value.key.join(', ')})`);
        continue;
      }
      if (await replaceSealedValue(deps.db, column, value, deps.encryptor.encrypt(plain))) result.reencrypted += 1;
      else result.current += 1;
    }
  }
  result.finished = result.unreadable.length === 0;
  if (result.finished && result.reencrypted > 0) {
    await insertAudit(deps.db, {
      event: 'encryption_key_changed',
      at: deps.clock.now(),
      details: { reencrypted: result.reencrypted, current: result.current },
    });
  }
  return result;
}
