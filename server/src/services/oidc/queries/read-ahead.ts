import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import { sessionWithUserOf, sessionWithUserSelect, type SessionRow, type SessionWithUser } from '../../../queries/sessions.ts';
import type { UserRow } from '../../../queries/users.ts';
import { OIDC_CLIENT_APP, oidcPlayerSelect, type OidcClientApp, type OidcPlayerRow } from './clients.ts';

type Payload = Record<string, unknown>;
type Found = { payload: Payload; consumed_at: string | null } | null;

/** A record as the adapter answers it: none when missing or expired, `consumed` once used. */
const asPayload = (row: Found): Payload | undefined =>
  row ? (row.consumed_at ? { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : row.payload) : undefined;

/** A record of `oidc_payloads` as `alias`, as JSON. */
const liveRecord = (alias: string) => `json_build_object('payload', ${alias}.payload, 'consumed_at', ${alias}.consumed_at)`;
/** The record `alias` has not expired at `now` (an SQL expression). */
const live = (alias: string, now: string) => `(${alias}.expires_at IS NULL OR ${alias}.expires_at > ${now})`;

// Named statements: PostgreSQL plans each once per connection, and their long text is sent once.
// Their texts are built once, not at every call (each code flow and refresh sends them).

const REDEEMED_READ_AHEAD = `SELECT ${liveRecord('p')} AS found,
       (SELECT ${liveRecord('g')} FROM oidc_payloads g
        WHERE g.model = 'Grant' AND g.id = p.grant_id AND ${live('g', '$3')}) AS grant,
       (SELECT ${liveRecord('s')} FROM oidc_payloads s
        WHERE s.model = 'Session' AND s.uid = p.payload ->> 'sessionUid' AND ${live('s', '$3')}) AS session,
       CASE WHEN $4::uuid IS NOT NULL THEN (SELECT row_to_json(x) FROM (${oidcPlayerSelect('p.account_id', '$4::uuid', '$5')}) x) END AS player
     FROM oidc_payloads p WHERE p.model = $1 AND p.id = $2 AND ${live('p', '$3')}`;

/** The library's session `$1` and the grant it holds for the client `$2`, live at `$3`, as `s` (a lateral join). */
const LIBRARY_SESSION_AND_GRANT = `LEFT JOIN LATERAL (
       SELECT ${liveRecord('s')} AS session,
         (SELECT ${liveRecord('g')} FROM oidc_payloads g
          WHERE g.model = 'Grant' AND g.id = s.payload -> 'authorizations' -> $2 ->> 'grantId' AND ${live('g', '$3')}) AS grant
       FROM oidc_payloads s WHERE s.model = 'Session' AND s.id = $1 AND ${live('s', '$3')}) s ON true`;

const SESSION_READ_AHEAD = `SELECT ${OIDC_CLIENT_APP}, s.session, s.grant,
       CASE WHEN a.id IS NOT NULL AND $4::text IS NOT NULL
            THEN (SELECT row_to_json(x) FROM (${oidcPlayerSelect('$4', 'a.id', '$5')}) x) END AS player
     FROM (SELECT 1) one
     LEFT JOIN apps a ON a.key = $2
     ${LIBRARY_SESSION_AND_GRANT}`;

const SESSIONS_READ_AHEAD = `SELECT ps.session AS portal_session, ps.user AS portal_user, ps.portal_roles,
       ${OIDC_CLIENT_APP}, s.session, s.grant,
       CASE WHEN a.id IS NOT NULL AND ps.uid IS NOT NULL
            THEN (SELECT row_to_json(x) FROM (${oidcPlayerSelect('ps.uid', 'a.id', '$5')}) x) END AS player
     FROM (SELECT 1) one
     LEFT JOIN LATERAL (SELECT p.*, p."user" ->> 'uid' AS uid FROM (${sessionWithUserSelect('$4::bytea', '$5')}) p) ps ON true
     LEFT JOIN apps a ON a.key = $2
     ${LIBRARY_SESSION_AND_GRANT}`;

/**
 * A code or refresh token with the grant and the session it names, and the player it was issued to
 * as the app `appId` sees them, in one round trip (none when missing or expired).
 */
export async function findRedeemedWithGrantSessionAndPlayer(
  db: DbClient,
  where: { model: string; id: string; appId: string | null },
  now: Date,
): Promise<{ found?: Payload; grant?: Payload; session?: Payload; player: OidcPlayerRow | null }> {
  const { rows } = await db.query<{ found: Found; grant: Found; session: Found; player: OidcPlayerRow | null }>({
    name: 'oidc-redeemed-read-ahead',
    text: REDEEMED_READ_AHEAD,
    values: [where.model, where.id, now, where.appId, PORTAL_APP_KEY],
  });
  const row = rows[0];
  return row
    ? { found: asPayload(row.found), grant: asPayload(row.grant), session: asPayload(row.session), player: row.player }
    : { player: null };
}

/**
 * The library's session `id` with, for the client `clientKey` the request names: its app, the
 * grant the session holds for it, and the player `uid` as that app sees them; in one round trip.
 */
export async function findSessionWithClientGrantAndPlayer(
  db: DbClient,
  where: { id: string; clientKey: string; uid: string | null },
  now: Date,
): Promise<{ session?: Payload; grant?: Payload; app: OidcClientApp | null; player: OidcPlayerRow | null }> {
  const { rows } = await db.query<OidcClientApp & { session: Found; grant: Found; player: OidcPlayerRow | null }>({
    name: 'oidc-session-read-ahead',
    text: SESSION_READ_AHEAD,
    values: [where.id, where.clientKey, now, where.uid, PORTAL_APP_KEY],
  });
  const { session, grant, player, ...app } = rows[0]!;
  return { session: asPayload(session), grant: asPayload(grant), app: app.id ? app : null, player };
}

/**
 * The same for a browser that holds a portal session too: that session (by its token hash), its user and
 * their roles on the portal, beside the library's session and, for the player that portal session names,
 * what findSessionWithClientGrantAndPlayer reads; in one round trip. The player is read whether or not the
 * portal session is still live: the caller decides that, and keeps the player only then.
 */
export async function findPortalSessionWithLibrarySession(
  db: DbClient,
  where: { tokenHash: Buffer | null; id: string; clientKey: string },
  now: Date,
): Promise<{
  portal: SessionWithUser | null;
  session?: Payload;
  grant?: Payload;
  app: OidcClientApp | null;
  player: OidcPlayerRow | null;
}> {
  const { rows } = await db.query<
    OidcClientApp & {
      portal_session: SessionRow | null;
      portal_user: UserRow | null;
      portal_roles: string[] | null;
      session: Found;
      grant: Found;
      player: OidcPlayerRow | null;
    }
  >({
    name: 'oidc-sessions-read-ahead',
    text: SESSIONS_READ_AHEAD,
    values: [where.id, where.clientKey, now, where.tokenHash, PORTAL_APP_KEY],
  });
  const { portal_session, portal_user, portal_roles, session, grant, player, ...app } = rows[0]!;
  return {
    portal: sessionWithUserOf({ session: portal_session, user: portal_user, portal_roles }),
    session: asPayload(session),
    grant: asPayload(grant),
    app: app.id ? app : null,
    player,
  };
}
