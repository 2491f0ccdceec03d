import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../../db/pool.ts';
import { isGlobalAdmin } from '../../domain/admin.ts';
import { findRoles } from '../../queries/central-grants.ts';
import type { UserRow } from '../../queries/users.ts';

export interface Identity {
  user: UserRow;
  /** Central roles on the portal, plus `admin` for a bootstrap admin. */
  roles: string[];
  isAdmin: boolean;
}

export async function loadIdentity(db: DbClient, user: UserRow, bootstrapAdmins: readonly string[]): Promise<Identity> {
  return identityOf(user, await findPortalRoles(db, user.id), bootstrapAdmins);
}

/** The user's central roles on the portal, as stored (read apart from the user when that saves a wait). */
const findPortalRoles = (db: DbClient, userId: string) => findRoles(db, userId, PORTAL_APP_KEY);

export function identityOf(user: UserRow, portalRoles: string[], bootstrapAdmins: readonly string[]): Identity {
  const admin = isGlobalAdmin(user.uid, portalRoles, bootstrapAdmins);
  const roles = admin && !portalRoles.includes('admin') ? [...portalRoles, 'admin'] : portalRoles;
  return { user, roles, isAdmin: admin };
}
