import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeFinishedSignIns } from '../../../src/services/sessions/cleanup.ts';
import { userIdOf } from '../../helpers/groups.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let ctx: TestContext;
let cookie: string;
let userId: string;
let portalId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signIn(ctx, '1:100002')).cookie;
  userId = await userIdOf(ctx, '1:100002');
  portalId = (await ctx.deps.db.query(`SELECT id FROM apps WHERE key = 'portal'`)).rows[0].id;
});
afterAll(() => ctx.close());

/** A session row `ago` ms old in the given state, used with the portal app. */
async function session(sid: string, s: { idleExpiresIn: number; expiresIn: number; endedAgo?: number }) {
  const now = ctx.clock.now().getTime();
  const at = (ms: number) => new Date(now + ms);
  const { rows } = await ctx.deps.db.query(
    `INSERT INTO sessions (sid, token_hash, user_id, app_id, created_at, last_seen_at, idle_expires_at, expires_at, ended_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8) RETURNING id`,
    [
      sid,
      randomBytes(32),
      userId,
      portalId,
      at(-8 * DAY),
      at(s.idleExpiresIn),
      at(s.expiresIn),
      s.endedAgo === undefined ? null : at(-s.endedAgo),
    ],
  );
  await ctx.deps.db.query('INSERT INTO session_apps (session_id, app_id) VALUES ($1, $2)', [rows[0].id, portalId]);
}

async function loginAttempt(expiresIn: number) {
  const now = ctx.clock.now().getTime();
  await ctx.deps.db.query('INSERT INTO login_attempts (state_hash, app_id, rd, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    randomBytes(32),
    portalId,
    'http://localhost:3000/dashboard',
    new Date(now - 10 * 60_000 + expiresIn),
    new Date(now + expiresIn),
  ]);
}

const sids = async () =>
  (await ctx.deps.db.query<{ sid: string }>('SELECT sid FROM sessions WHERE user_id = $1 ORDER BY sid', [userId])).rows.map((r) => r.sid);
const count = async (sql: string) => (await ctx.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)).rows[0]!.n;

describe('purging finished sessions and old sign-in attempts', () => {
  it('deletes sessions finished over a day ago and expired attempts, keeping live sessions, recent ones and the audit log', async () => {
    const live = await sids();
    await session('ended-2-days-ago', { idleExpiresIn: DAY, expiresIn: 2 * DAY, endedAgo: 2 * DAY });
    await session('idle-expired-2-days-ago', { idleExpiresIn: -2 * DAY, expiresIn: DAY });
    await session('max-age-passed-2-days-ago', { idleExpiresIn: -2 * DAY, expiresIn: -2 * DAY });
    await session('ended-an-hour-ago', { idleExpiresIn: DAY, expiresIn: 2 * DAY, endedAgo: HOUR });
    await session('idle-expired-an-hour-ago', { idleExpiresIn: -HOUR, expiresIn: DAY });
    await loginAttempt(-60_000);
    await loginAttempt(-DAY);
    await loginAttempt(5 * 60_000);
    for (const [id, expiresIn] of [
      ['expired-code', -60_000],
      ['live-refresh-token', DAY],
    ] as const) {
      await ctx.deps.db.query(`INSERT INTO oidc_payloads (model, id, payload, expires_at) VALUES ('RefreshToken', $1, '{}', $2)`, [
        id,
        new Date(ctx.clock.now().getTime() + expiresIn),
      ]);
    }
    const auditRows = await count('audit_log');
    expect(auditRows).toBeGreaterThan(0);

    expect(await purgeFinishedSignIns(ctx.deps)).toEqual({ sessions: 3, loginAttempts: 2, oidcRecords: 1, auditEvents: 0 });
    expect((await ctx.deps.db.query('SELECT id FROM oidc_payloads')).rows).toEqual([{ id: 'live-refresh-token' }]);

    expect(await sids()).toEqual([...live, 'ended-an-hour-ago', 'idle-expired-an-hour-ago'].sort());
    expect(await count('session_apps sa WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = sa.session_id)')).toBe(0);
    expect(await count('login_attempts')).toBe(1);
    expect(await count('audit_log')).toBe(auditRows);
    const me = await ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('purges a finished session once its day of grace has passed', async () => {
    const live = (await sids()).filter((sid) => !sid.includes('-an-hour-ago'));
    ctx.clock.advance(DAY);
    expect(await purgeFinishedSignIns(ctx.deps)).toEqual({ sessions: 2, loginAttempts: 1, oidcRecords: 1, auditEvents: 0 });
    expect(await sids()).toEqual(live); // idle for a day now: finished, but only just
  });
});
