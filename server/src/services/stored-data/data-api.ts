import { DATA_API_PATH, type DataItem, type DataKind, type DataListQuery, type DataPage } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { NotFound, Refused } from '../../lib/errors.ts';
import { serviceJwtConfigExists } from './queries/data-api-readers.ts';
import { findStoredRow, pageStoredRows, type StoredRow } from './queries/stored-rows.ts';
import { verifyPortalAccessToken } from '../tokens/portal-jwt.ts';

/** Who reads the data API: a signed-in player (an admin or not) or a service with a service JWT. */
export type DataReader = { via: 'session'; userId: string; isAdmin: boolean } | { via: 'service'; clientId: string; subject: string };

const unauthenticated = (message: string) => new Refused('unauthenticated', message);

/** The `aud` a service JWT must carry to read the data API (configure it on /admin/jwts). */
export const dataApiAudience = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${DATA_API_PATH}`;

/**
 * Checks a bearer token: an RFC 9068 access token (`typ at+jwt`, ES256) signed with one of the
 * portal's published keys, issued by the portal, for the data API's audience, not expired; and a
 * service JWT: no app token for a player (those name a session, `sid`), and `client_id` names a
 * service-JWT configuration for the data API that still exists (deleting it revokes its tokens).
 */
export async function verifyDataServiceToken(deps: Pick<Deps, 'keys' | 'config' | 'clock' | 'db'>, token: string): Promise<DataReader> {
  const audience = dataApiAudience(deps.config.publicUrl);
  const payload = await verifySignedForDataApi(deps, token, audience);
  if (payload.sid !== undefined) {
    throw unauthenticated('The bearer token is an app token for a player, not a service JWT; create a service JWT on /admin/jwts.');
  }
  if (typeof payload.client_id !== 'string') throw unauthenticated('The bearer token is not a service JWT this portal issued.');
  if (!(await serviceJwtConfigExists(deps.db, payload.client_id, audience))) {
    throw unauthenticated(`The service JWT's configuration "${payload.client_id}" for the data API no longer exists on /admin/jwts.`);
  }
  return { via: 'service', clientId: payload.client_id, subject: payload.sub! };
}

async function verifySignedForDataApi(deps: Pick<Deps, 'keys' | 'config' | 'clock'>, token: string, audience: string) {
  const checked = await verifyPortalAccessToken(deps, token, { audience, requiredClaims: ['exp', 'sub'] });
  if ('payload' in checked) return checked.payload;
  if (checked.problem === 'expired') throw unauthenticated('The service JWT has expired; use the rotated one from its Secret.');
  if (checked.problem === 'audience') throw unauthenticated(`The service JWT is not for the data API: its audience must be ${audience}.`);
  throw unauthenticated('The bearer token is not a service JWT this portal issued.');
}

/** The faction inventory is the faction's business: admins and services only. */
function mayRead(reader: DataReader, kind: DataKind): void {
  if (kind === 'inventory' && reader.via === 'session' && !reader.isAdmin) {
    throw new Refused('forbidden', 'The faction inventory needs the admin role or a service JWT.');
  }
}

const toItem = (kind: DataKind, row: StoredRow & { raw?: unknown }): DataItem => ({
  uid: row.uid,
  name: row.name,
  kind,
  parent_uid: row.parentUid,
  x: row.x,
  y: row.y,
  type_uid: row.typeUid,
  class: row.className,
  owner_uid: row.ownerUid,
  first_seen_at: row.firstSeenAt.toISOString(),
  last_seen_at: row.lastSeenAt.toISOString(),
  gone_at: row.goneAt ? row.goneAt.toISOString() : null,
  details_pending: row.detailsPending,
  raw: row.raw,
});

/** Rows of a kind still listed by SWCombine, by name, each with SWCombine's answer. */
export async function readStoredPage(deps: Pick<Deps, 'db'>, reader: DataReader, kind: DataKind, query: DataListQuery): Promise<DataPage> {
  mayRead(reader, kind);
  const { rows, total } = await pageStoredRows(deps.db, kind, { ...query, state: 'listed', raw: true });
  return { items: rows.map((row) => toItem(kind, row)), total };
}

/** One row by UID, also when it is gone. */
export async function readStoredItem(deps: Pick<Deps, 'db'>, reader: DataReader, kind: DataKind, uid: string): Promise<DataItem> {
  mayRead(reader, kind);
  const row = await findStoredRow(deps.db, kind, uid);
  if (!row) throw new NotFound(`No ${kind} row with UID ${uid} has been synced.`);
  return toItem(kind, row);
}
