// Live sessions written straight into the product's database, as a sign-in would leave them: the
// database keeps only the SHA-256 of each cookie token, so the bench makes the tokens itself.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface SeededSession {
  /** The portal_session cookie's value. */
  token: string;
  /** The audience of the app this session is used with. */
  aud: string;
}

/**
 * `sessions` users with one session each, spread over `apps` apps: odd apps admit every player,
 * even ones by an access row (so both ways of being admitted are exercised); each user holds a
 * role in their app. Sessions were last seen 5 minutes ago, so a first verify also extends them.
 */
export async function seedSessions(databaseUrl: string, sessions: number, apps: number): Promise<SeededSession[]> {
  const prefix = `bench-${randomBytes(6).toString('hex')}-`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO apps (key, name, audience, redirect_urls, skip_uid_whitelist)
       SELECT 'bench-' || i, 'Bench ' || i, 'bench-' || i, ARRAY['http://bench-' || i || '.localhost/'], i % 2 = 1
       FROM generate_series(1, $1) AS i ON CONFLICT (key) DO NOTHING`,
      [apps],
    );
    await db.query(
      `CREATE TEMP TABLE bench_seed ON COMMIT DROP AS
       SELECT i, '1:' || (300000 + i) AS uid, 'bench-' || (1 + i % $2) AS aud FROM generate_series(1, $1) AS i`,
      [sessions, apps],
    );
    await db.query(
      `INSERT INTO users (uid, name, race, last_login_at) SELECT uid, 'Pilot ' || i, 'Human', now() FROM bench_seed
       ON CONFLICT (uid) DO NOTHING`,
    );
    await db.query(
      `INSERT INTO sessions (sid, token_hash, user_id, app_id, ip, user_agent, last_seen_at, idle_expires_at, expires_at)
       SELECT $1 || s.i, sha256(convert_to($1 || s.i, 'UTF8')), u.id, a.id, '127.0.0.1', 'bench',
              now() - interval '5 minutes', now() + interval '1 day', now() + interval '7 days'
       FROM bench_seed s JOIN users u ON u.uid = s.uid JOIN apps a ON a.audience = s.aud`,
      [prefix],
    );
    await db.query(
      `INSERT INTO user_app_access (user_id, app_id, status)
       SELECT u.id, a.id, 'active' FROM bench_seed s JOIN users u ON u.uid = s.uid JOIN apps a ON a.audience = s.aud
       WHERE NOT a.skip_uid_whitelist ON CONFLICT DO NOTHING`,
    );
    await db.query(
      `INSERT INTO user_app_grants (user_id, app_id, kind, value)
       SELECT u.id, a.id, 'role', 'member' FROM bench_seed s JOIN users u ON u.uid = s.uid JOIN apps a ON a.audience = s.aud
       ON CONFLICT DO NOTHING`,
    );
    const { rows } = await db.query<{ i: number; aud: string }>('SELECT i, aud FROM bench_seed ORDER BY i');
    await db.query('COMMIT');
    await db.query('ANALYZE');
    return rows.map((r) => ({ token: `${prefix}${r.i}`, aud: r.aud }));
  } finally {
    await db.end();
  }
}
