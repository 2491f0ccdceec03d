// A community with groups, written straight into the product's database: players with one live
// session each, groups an admin keeps (some players in several), apps whose access rules admit those
// groups, and as many apps without rules whose players hold a grant instead, so the same players can
// be checked with rules and without in the same run. Tokens are made here: the database keeps only
// the SHA-256 of each cookie token.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface GroupsCommunity {
  /** Cookie token of each player's session, in player order. */
  tokens: string[];
  /** Per player, the audiences they are admitted to: by a rule (`ruled`) or by a grant (`granted`); two of each. */
  ruled: [string, string][];
  granted: [string, string][];
}

/**
 * `players` players, `groups` groups and `apps` apps with rules (each group ruled on two apps, so
 * `groups / apps * 2` rules an app) and `apps` apps without. Player i is in group i mod `groups`; every
 * third is in a second group and every tenth in a third.
 */
export async function seedGroups(databaseUrl: string, players: number, groups: number, apps: number): Promise<GroupsCommunity> {
  const prefix = `bench-groups-${randomBytes(6).toString('hex')}-`;
  const perApp = groups / apps;
  if (!Number.isInteger(perApp)) throw new Error('groups must be a multiple of apps');
  const half = apps / 2;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO apps (key, name, audience, redirect_urls)
       SELECT kind || '-' || i, initcap(kind) || ' ' || i, kind || '-' || i, ARRAY['http://' || kind || '-' || i || '.localhost/']
       FROM generate_series(0, $1 - 1) AS i CROSS JOIN (VALUES ('ruled'), ('plain')) AS k(kind)`,
      [apps],
    );
    await db.query(
      `INSERT INTO groups (kind, name, description) SELECT 'custom', 'Wing ' || i, 'Bench group' FROM generate_series(0, $1 - 1) AS i`,
      [groups],
    );
    // Group g is ruled on the app of its slot and on the one half-way round.
    await db.query(
      `INSERT INTO app_access_rules (app_id, group_id, roles, scopes)
       SELECT a.id, g.id, ARRAY['gunner'], ARRAY['hangar:read']
       FROM generate_series(0, $1 - 1) AS i
       JOIN groups g ON g.name = 'Wing ' || i
       CROSS JOIN (VALUES (0), ($3::int)) AS o(shift)
       JOIN apps a ON a.key = 'ruled-' || ((i / $2 + o.shift) % ($3::int * 2))`,
      [groups, perApp, half],
    );
    await db.query(
      `CREATE TEMP TABLE bench_players ON COMMIT DROP AS
       SELECT i, '1:' || (400000 + i) AS uid, i % $2 AS g, (i % $2) / $3 AS slot FROM generate_series(0, $1 - 1) AS i`,
      [players, groups, perApp],
    );
    await db.query(`INSERT INTO users (uid, name, race, last_login_at) SELECT uid, 'Pilot ' || i, 'Human', now() FROM bench_players`);
    await db.query(
      `INSERT INTO group_members (group_id, user_id, source)
       SELECT g.id, u.id, 'admin'
       FROM bench_players p JOIN users u ON u.uid = p.uid
       CROSS JOIN LATERAL (VALUES (p.g, true), ((p.i * 7 + 13) % $1, p.i % 3 = 0), ((p.i * 11 + 101) % $1, p.i % 10 = 0)) AS m(g, member)
       JOIN groups g ON g.name = 'Wing ' || m.g
       WHERE m.member ON CONFLICT DO NOTHING`,
      [groups],
    );
    // Without rules, the same players are admitted to the plain apps of the same slots by a grant.
    await db.query(
      `INSERT INTO user_app_access (user_id, app_id, status)
       SELECT u.id, a.id, 'active'
       FROM bench_players p JOIN users u ON u.uid = p.uid
       CROSS JOIN (VALUES (0), ($1::int)) AS o(shift)
       JOIN apps a ON a.key = 'plain-' || ((p.slot + o.shift) % ($1::int * 2))`,
      [half],
    );
    await db.query(
      `INSERT INTO user_app_grants (user_id, app_id, kind, value)
       SELECT u.id, a.id, 'role', 'gunner' FROM bench_players p JOIN users u ON u.uid = p.uid
       JOIN user_app_access x ON x.user_id = u.id JOIN apps a ON a.id = x.app_id`,
    );
    await db.query(
      `INSERT INTO sessions (sid, token_hash, user_id, app_id, ip, user_agent, last_seen_at, idle_expires_at, expires_at)
       SELECT $1 || p.i, sha256(convert_to($1 || p.i, 'UTF8')), u.id, (SELECT id FROM apps WHERE key = 'portal'), '127.0.0.1', 'bench',
              now() - interval '5 minutes', now() + interval '1 day', now() + interval '7 days'
       FROM bench_players p JOIN users u ON u.uid = p.uid`,
      [prefix],
    );
    const { rows } = await db.query<{ i: number; slot: number }>('SELECT i, slot FROM bench_players ORDER BY i');
    await db.query('COMMIT');
    await db.query('ANALYZE');
    const pair = (kind: string, slot: number): [string, string] => [`${kind}-${slot}`, `${kind}-${(slot + half) % apps}`];
    return {
      tokens: rows.map((r) => `${prefix}${r.i}`),
      ruled: rows.map((r) => pair('ruled', r.slot)),
      granted: rows.map((r) => pair('plain', r.slot)),
    };
  } finally {
    await db.end();
  }
}

/** A live session for a player the product already knows (by UID); answers its cookie token. */
export async function seedSession(databaseUrl: string, uid: string): Promise<string> {
  const token = `bench-groups-${randomBytes(12).toString('hex')}`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rowCount } = await db.query(
      `INSERT INTO sessions (sid, token_hash, user_id, ip, user_agent, idle_expires_at, expires_at)
       SELECT $1, sha256(convert_to($1, 'UTF8')), u.id, '127.0.0.1', 'bench', now() + interval '1 day', now() + interval '7 days'
       FROM users u WHERE u.uid = $2`,
      [token, uid],
    );
    if (rowCount !== 1) throw new Error(`no user ${uid}`);
    return token;
  } finally {
    await db.end();
  }
}
