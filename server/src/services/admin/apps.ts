import { AuditEvent, PORTAL_APP_KEY, type App, type AppAccessRow, type CreatedApp } from '@portal/contract';
import type { DatabaseError } from 'pg';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { changesOf } from '../../domain/changes.ts';
import { Conflict, NotFound, Refused } from '../../lib/errors.ts';
import { listAppAccess } from './queries/access.ts';
import { deleteApp, insertApp, listApps, playersHoldingApp, updateApp, type AppFields } from './queries/apps.ts';
import { findAppById } from '../../queries/apps.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { accessChangeIn } from '../groups/access-follows.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { issueClientSecretIn } from '../oidc/client-secret.ts';
import { refuseForbiddenUrls } from '../registered-urls.ts';
import { dataApiAudience } from '../stored-data/data-api.ts';

function uniqueness(err: unknown, f: AppFields): never {
  const e = err as DatabaseError;
  if (e.code === '23505') {
    throw e.constraint?.includes('audience')
      ? new Conflict(`Another app already uses the audience "${f.audience}".`)
      : new Conflict(`Another app already uses the key "${f.key}".`);
  }
  throw err;
}

/** The data API's audience is for service JWTs only: an app's tokens for it would read the data API as a service. */
function refuseDataApiAudience(deps: Pick<Deps, 'config'>, f: AppFields): void {
  const dataApi = dataApiAudience(deps.config.publicUrl);
  if (f.audience.replace(/\/+$/, '') === dataApi) {
    throw new Refused(
      'invalid',
      `audience must not be ${dataApi}: that is the data API's, read by services with a service JWT from /admin/jwts.`,
    );
  }
}

/**
 * The portal POSTs to the back-channel URL itself; the browser is sent to the others, so loopback
 * there is the player's own machine, no concern of the portal's. A link-local or metadata address is
 * never an app's page, though.
 */
const refuseForbiddenAppUrls = (deps: Pick<Deps, 'config'>, f: AppFields) =>
  refuseForbiddenUrls(deps, [
    { label: 'URL', url: f.url, caller: 'browser' },
    ...f.redirect_urls.map((url) => ({ label: 'Redirect URLs', url, caller: 'browser' as const })),
    { label: 'Front-channel logout URL', url: f.frontchannel_logout_url, caller: 'browser' },
    { label: 'Back-channel logout URL', url: f.backchannel_logout_url, caller: 'portal' },
  ]);

export const listAdminApps = async (deps: Pick<Deps, 'db'>) => listApps(deps.db);

/** The players with a grant, suspension or revocation on the app: a page of them and how many in all. */
export async function appAccess(
  deps: Pick<Deps, 'db'>,
  appId: string,
  limit: number,
  offset: number,
): Promise<{ rows: AppAccessRow[]; total: number }> {
  if (!(await findAppById(deps.db, appId))) throw new NotFound('No app with this id.');
  const { rows, total } = await listAppAccess(deps.db, appId, limit, offset);
  return { rows: rows.map((row) => ({ ...row, updated_at: row.updated_at.toISOString() })), total };
}

/**
 * A new app: its URLs' origins are allowed on every replica at once (the answers kept are cleared). A machine
 * client signs in with nothing but its client secret, so it is made with one, answered this once.
 */
export async function createApp(
  deps: Pick<Deps, 'config' | 'db' | 'clock' | 'accessChanged'>,
  actor: Actor,
  f: AppFields,
): Promise<CreatedApp> {
  refuseDataApiAudience(deps, f);
  refuseForbiddenAppUrls(deps, f);
  return inTransaction(deps.db, async (tx) => {
    const row = await insertApp(tx, f).catch((err: unknown) => uniqueness(err, f));
    await auditAdmin(deps, tx, actor, AuditEvent.AppCreated, { appKey: row.key, details: { name: row.name } });
    tx.afterCommit(() => deps.accessChanged.publish());
    if (!row.grant_types.includes('client_credentials')) return row;
    const { client_secret } = await issueClientSecretIn(deps, tx, actor, row, false);
    return { ...row, client_secret };
  });
}

/**
 * Saves the app. A change that narrows who may use it (the UID-whitelist bypass or the global-admin
 * allowance turned off) ends, through the one way access ends, what the players it no longer admits
 * hold on it, and tells the app; its origins are allowed or refused on every replica at once.
 */
export async function changeApp(
  deps: Pick<Deps, 'config' | 'db' | 'clock' | 'accessChanged' | 'queue'>,
  actor: Actor,
  id: string,
  f: AppFields,
): Promise<App> {
  refuseDataApiAudience(deps, f);
  refuseForbiddenAppUrls(deps, f);
  const before = await findAppById(deps.db, id);
  if (!before) throw new NotFound('No app with this id.');
  if (before.key === PORTAL_APP_KEY && (f.key !== PORTAL_APP_KEY || f.audience !== PORTAL_APP_KEY)) {
    throw new Refused('invalid', `The portal app keeps the key and audience "${PORTAL_APP_KEY}": the portal signs in with them.`);
  }
  return inTransaction(deps.db, async (tx) => {
    let row: App | null = null;
    const change = { appIds: [id], userIds: await playersHoldingApp(tx, id) };
    const { lost } = await accessChangeIn(deps, tx, change, async () => {
      row = await updateApp(tx, id, f).catch((err: unknown) => uniqueness(err, f));
    });
    if (!row) throw new NotFound('No app with this id.');
    const updated: App = row;
    const changes = changesOf(before, updated, Object.keys(f));
    const details = { name: updated.name, ...changes, ...(lost.size ? { players_who_lost_access: lost.size } : {}) };
    await auditAdmin(deps, tx, actor, AuditEvent.AppUpdated, { appKey: updated.key, details });
    return updated;
  });
}

/** Deleting an app ends every player's access to it (through the one way access ends), and tells the app. */
export async function removeApp(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  id: string,
): Promise<void> {
  const before = await findAppById(deps.db, id);
  if (!before) throw new NotFound('No app with this id.');
  if (before.key === PORTAL_APP_KEY) throw new Refused('invalid', 'The portal app cannot be deleted: it is the portal itself.');
  await inTransaction(deps.db, async (tx) => {
    await endAccessIn(deps, tx, [{ kind: 'app', appId: id, uses: 'all' }]);
    if (!(await deleteApp(tx, id))) throw new NotFound('No app with this id.');
    await auditAdmin(deps, tx, actor, AuditEvent.AppDeleted, { appKey: before.key, details: { name: before.name } });
  });
}
