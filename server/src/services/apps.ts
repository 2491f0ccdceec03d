import type { DashboardApp } from '@portal/contract';
import type { Deps } from '../deps.ts';
import { decideAccess } from '../domain/access.ts';
import { listAppsWithAccess, type AppRow } from '../queries/apps.ts';
import type { Identity } from './identity.ts';

/** The dashboard: every app this user may open, as the access rules decide. */
export async function appsForUser(deps: Pick<Deps, 'db'>, identity: Identity): Promise<DashboardApp[]> {
  const rows = await listAppsWithAccess(deps.db, identity.user.id);
  return rows.filter((app) => decideAccess({ app, status: app.status, isGlobalAdmin: identity.isAdmin }).allowed).map(toDashboardApp);
}

/** The card fields of an app, in the spec's names (phaseDesc, phaseColor). */
export function toDashboardApp(a: AppRow): DashboardApp {
  return {
    id: a.id,
    key: a.key,
    name: a.name,
    icon: a.icon,
    url: a.url,
    description: a.description,
    phase: a.phase,
    phaseDesc: a.phase_desc,
    phaseColor: a.phase_color,
    progress: a.progress,
  };
}
