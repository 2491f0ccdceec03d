import type { Passkey } from '@portal/contract';
import type { PasskeyRow } from '../../queries/passkeys.ts';

export const passkeyView = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  added_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});
