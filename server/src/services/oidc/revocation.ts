import type { Deps } from '../../deps.ts';
import { inTransaction } from '../../db/pool.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { findTokenRecord } from './token-records.ts';

/**
 * RFC 7009. Revoking an access token ends it; revoking a refresh token ends its whole grant (the
 * access tokens issued with it too). A token of another client, or an unknown one, changes nothing.
 */
export async function revokeToken(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config' | 'accessChanged' | 'queue'>,
  clientId: string,
  token: string,
): Promise<void> {
  const record = await findTokenRecord(deps, token, ['AccessToken', 'ClientCredentials', 'RefreshToken']);
  if (!record || record.payload.clientId !== clientId) return;
  const grantId = typeof record.payload.grantId === 'string' ? record.payload.grantId : null;
  const ending =
    record.model === 'RefreshToken' && grantId
      ? ({ kind: 'grant', grantId } as const)
      : ({ kind: 'token', model: record.model, id: record.id } as const);
  await inTransaction(deps.db, (tx) => endAccessIn(deps, tx, [ending]));
}
