import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';
import { isGlobalAdmin } from '../domain/admin.ts';
import { findRoles } from '../queries/grants.ts';
import type { UserRow } from '../queries/users.ts';

export interface Identity {
  user: UserRow;
  /** Central roles on the portal, plus `admin` for a bootstrap admin. */
  roles: string[];
  isAdmin: boolean;
}

export async function loadIdentity(db: DbClient, user: UserRow, bootstrapAdmins: readonly string[]): Promise<Identity> {
  const portalRoles = await findRoles(db, user.id, PORTAL_APP_KEY);
  const admin = isGlobalAdmin(user.uid, portalRoles, bootstrapAdmins);
  const roles = admin && !portalRoles.includes('admin') ? [...portalRoles, 'admin'] : portalRoles;
  return { user, roles, isAdmin: admin };
}
