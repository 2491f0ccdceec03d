import type { DashboardApp } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { listAppsWithAccess, type AppRow } from '../../queries/apps.ts';
import type { Identity } from '../sessions/identity.ts';
import { decideFor } from '../../domain/access.ts';

/** The dashboard: every app this user may open, as the access rules decide. */
export async function appsForUser(deps: Pick<Deps, 'db' | 'clock'>, identity: Identity): Promise<DashboardApp[]> {
  const rows = await listAppsWithAccess(deps.db, identity.user.id);
  const now = deps.clock.now();
  return rows.filter((app) => decideFor(app, app, identity.isAdmin, now).allowed).map(toDashboardApp);
}

/** The card fields of an app: what a player may see of it. */
function toDashboardApp(a: AppRow): DashboardApp {
  const { id, key, name, icon, url, description, phase, phaseDesc, phaseColor, progress } = a;
  return { id, key, name, icon, url, description, phase, phaseDesc, phaseColor, progress };
}
