import { AuditEvent, type Passkey } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { NotFound } from '../../lib/errors.ts';
import { deletePasskey, listPasskeys } from '../../queries/passkeys.ts';
import { findUserById } from '../../queries/users.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { passkeyView } from './views.ts';

export async function userPasskeys(deps: Pick<Deps, 'db'>, userId: string): Promise<Passkey[]> {
  if (!(await findUserById(deps.db, userId))) throw new NotFound('No such user.');
  return (await listPasskeys(deps.db, userId)).map(passkeyView);
}

/** An admin removes a player's passkey (a lost or stolen authenticator): it can no longer sign in or confirm. */
export async function removeUserPasskey(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, userId: string, id: string): Promise<void> {
  const row = await deletePasskey(deps.db, userId, id);
  if (!row) throw new NotFound('That user has no such passkey.');
  await auditAdmin(deps, deps.db, actor, AuditEvent.PasskeyRemoved, { userId, details: { value: row.name } });
}
