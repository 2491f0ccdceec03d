// The fair ceiling's storage for bench/bare-oidc-provider.ts: oidc-provider's adapter interface on
// PostgreSQL at its plainest, one table and one statement per adapter call, no portal logic (no
// audit, no access decision, no reading ahead, no holding writes back). Counts its statements.
import pg from 'pg';
import { POOL_IDLE_MS } from '../../server/src/db/pool.ts';

type Payload = Record<string, unknown>;

/** oidc-provider's adapter interface, as this implements it. */
export interface RecordStore {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export interface MinimalPostgresAdapter {
  /** The class oidc-provider's `adapter` option takes. */
  Adapter: new (model: string) => RecordStore;
  /** Statements sent so far. */
  statements(): number;
}

export async function minimalPostgresAdapter(databaseUrl: string): Promise<MinimalPostgresAdapter> {
  // The portal's pool size and idle time: connections are opened as often for both.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, idleTimeoutMillis: POOL_IDLE_MS });
  await pool.query(`CREATE TABLE IF NOT EXISTS bench_minimal_oidc (
    model text NOT NULL, id text NOT NULL, payload jsonb NOT NULL, grant_id text, uid text, user_code text,
    expires_at timestamptz, consumed_at timestamptz, PRIMARY KEY (model, id))`);
  await pool.query('CREATE INDEX IF NOT EXISTS bench_minimal_oidc_grant ON bench_minimal_oidc (grant_id)');
  await pool.query('CREATE INDEX IF NOT EXISTS bench_minimal_oidc_uid ON bench_minimal_oidc (uid)');
  let statements = 0;
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    statements++;
    return pool.query<R>(text, values);
  };
  const one = async (where: string, values: unknown[]): Promise<Payload | undefined> => {
    const { rows } = await query<{ payload: Payload; consumed_at: Date | null }>(
      `SELECT payload, consumed_at FROM bench_minimal_oidc WHERE ${where} AND (expires_at IS NULL OR expires_at > now())`,
      values,
    );
    const row = rows[0];
    if (!row) return undefined;
    return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
  };
  const text = (v: unknown) => (typeof v === 'string' ? v : null);

  class Adapter implements RecordStore {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    async upsert(id: string, payload: Payload, expiresIn?: number) {
      await query(
        `INSERT INTO bench_minimal_oidc (model, id, payload, grant_id, uid, user_code, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
           user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          payload,
          text(payload.grantId),
          text(payload.uid),
          text(payload.userCode),
          expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        ],
      );
    }
    find(id: string) {
      return one('model = $1 AND id = $2', [this.model, id]);
    }
    findByUid(uid: string) {
      return one('model = $1 AND uid = $2', [this.model, uid]);
    }
    findByUserCode(userCode: string) {
      return one('model = $1 AND user_code = $2', [this.model, userCode]);
    }
    async consume(id: string) {
      await query('UPDATE bench_minimal_oidc SET consumed_at = now() WHERE model = $1 AND id = $2', [this.model, id]);
    }
    async destroy(id: string) {
      await query('DELETE FROM bench_minimal_oidc WHERE model = $1 AND id = $2', [this.model, id]);
    }
    async revokeByGrantId(grantId: string) {
      await query('DELETE FROM bench_minimal_oidc WHERE grant_id = $1', [grantId]);
    }
  }
  return { Adapter, statements: () => statements };
}
