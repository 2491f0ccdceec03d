import type { DashboardApp } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { decideAccess } from '../../domain/access.ts';
import { listAppsWithAccess, type AppRow } from '../../queries/apps.ts';
import type { Identity } from '../sessions/identity.ts';

/** The dashboard: every app this user may open, as the access rules decide. */
export async function appsForUser(deps: Pick<Deps, 'db'>, identity: Identity): Promise<DashboardApp[]> {
  const rows = await listAppsWithAccess(deps.db, identity.user.id);
  return rows.filter((app) => decideAccess({ app, status: app.status, isGlobalAdmin: identity.isAdmin }).allowed).map(toDashboardApp);
}

/** The card fields of an app: what a player may see of it. */
export function toDashboardApp(a: AppRow): DashboardApp {
  const { id, key, name, icon, url, description, phase, phaseDesc, phaseColor, progress } = a;
  return { id, key, name, icon, url, description, phase, phaseDesc, phaseColor, progress };
}
