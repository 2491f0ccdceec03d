import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../src/lib/tokens.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { statementsOf } from '../../helpers/statements.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const verify = (cookie: string) => ctx.app.inject({ url: '/auth/verify?aud=portal', cookies: { portal_session: cookie } });
const session = async (cookie: string) =>
  (
    await ctx.deps.db.query<{ idle_expires_at: Date; apps: string[] }>(
      `SELECT s.idle_expires_at, ARRAY(SELECT a.key FROM session_apps sa JOIN apps a ON a.id = sa.app_id WHERE sa.session_id = s.id) AS apps
       FROM sessions s WHERE s.token_hash = $1`,
      [sha256(cookie)],
    )
  ).rows[0]!;

describe('GET /auth/verify and the session behind it', () => {
  it('keeps a player who only uses apps behind the ingress signed in: each check extends idle expiry', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const idleBefore = (await session(cookie)).idle_expires_at;
    ctx.clock.advance(10 * 60_000);
    expect((await verify(cookie)).statusCode).toBe(200);
    const idleAfter = (await session(cookie)).idle_expires_at;
    expect(idleAfter.getTime() - idleBefore.getTime()).toBe(10 * 60_000);
  });

  it('records the app a session was used with, once, for sign-out to notify', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    expect((await verify(cookie)).statusCode).toBe(200);
    await ctx.deps.accessChanged.publish();
    expect((await verify(cookie)).statusCode).toBe(200);
    expect((await session(cookie)).apps).toEqual(['portal']);
  });

  it('refuses a session that has run past its idle expiry', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    ctx.clock.advance(ctx.config.session.idleMinutes * 60_000 + 1000);
    expect((await verify(cookie)).statusCode).toBe(401);
  });

  it('past 30 s answers at once from the last check while it reads again, and then with what changed', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const first = await verify(cookie);
    expect(first.statusCode).toBe(200);
    // A change that flushes nothing (as a sync's renaming of a player): seen at the first check past 30 s.
    await ctx.deps.db.query(`UPDATE users SET name = 'Renamed Pilot' WHERE uid = '1:100002'`);
    ctx.clock.advance(31_000);
    const stale = await verify(cookie);
    expect(stale.headers['x-auth-request-name']).toBe(first.headers['x-auth-request-name']);
    let renamed = stale;
    for (let i = 0; i < 40 && renamed.headers['x-auth-request-name'] !== 'Renamed Pilot'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      renamed = await verify(cookie);
    }
    expect(renamed.headers['x-auth-request-name']).toBe('Renamed Pilot');
    expect(renamed.headers.authorization).not.toBe(first.headers.authorization); // the token carries the name
  });

  it('keeps the token when a check past 30 s finds nothing changed', async () => {
    const { cookie } = await signIn(ctx, '1:100003');
    const first = await verify(cookie);
    ctx.clock.advance(31_000);
    await verify(cookie); // stale: read again in the background
    await new Promise((r) => setTimeout(r, 300));
    ctx.clock.advance(1000);
    const again = await verify(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.headers.authorization).toBe(first.headers.authorization);
  });

  it('reads the answers of several sessions turning stale together in one query, and extends their idle expiry in one write', async () => {
    const cookies = await Promise.all(['1:100002', '1:100003', '1:100004'].map(async (uid) => (await signIn(ctx, uid)).cookie));
    ctx.clock.advance(20_000);
    for (const cookie of cookies) expect((await verify(cookie)).statusCode).toBe(200);
    ctx.clock.advance(45_000); // the answers stale (not yet unusable), the sessions last seen more than a minute ago
    const idleBefore = await Promise.all(cookies.map(async (c) => (await session(c)).idle_expires_at.getTime()));
    const { statements } = await statementsOf(async () => {
      // The stale answers, at once, as an ingress asks for several players together.
      expect((await Promise.all(cookies.map(verify))).map((r) => r.statusCode)).toEqual([200, 200, 200]);
      for (let i = 0; i < 40; i++) {
        const idle = await Promise.all(cookies.map(async (c) => (await session(c)).idle_expires_at.getTime()));
        if (idle.every((t, n) => t > idleBefore[n]!)) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('the stale answers were not read again');
    });
    const reads = statements.filter((s) => s.includes('FROM unnest($1::bytea[], $2::text[])'));
    const touches = statements.filter((s) => s.startsWith('UPDATE sessions SET last_seen_at'));
    expect([reads.length, touches.length]).toEqual([1, 1]);
  });

  it('extends the sessions of a batch without waiting for one another transaction holds', async () => {
    const cookies = await Promise.all(['1:100002', '1:100003'].map(async (uid) => (await signIn(ctx, uid)).cookie));
    ctx.clock.advance(20_000);
    for (const cookie of cookies) expect((await verify(cookie)).statusCode).toBe(200);
    ctx.clock.advance(45_000);
    const [held, free] = cookies as [string, string];
    const before = await Promise.all(cookies.map(async (c) => (await session(c)).idle_expires_at.getTime()));
    const holder = await ctx.deps.db.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM sessions WHERE token_hash = $1 FOR UPDATE', [sha256(held)]);
      expect((await Promise.all(cookies.map(verify))).map((r) => r.statusCode)).toEqual([200, 200]);
      for (let i = 0; i < 40 && (await session(free)).idle_expires_at.getTime() === before[1]; i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      expect((await session(free)).idle_expires_at.getTime()).toBeGreaterThan(before[1]!);
      expect((await session(held)).idle_expires_at.getTime()).toBe(before[0]);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('does not keep what a read again saw when the session ended while it ran', async () => {
    const { cookie } = await signIn(ctx, '1:100004');
    expect((await verify(cookie)).statusCode).toBe(200);
    // The claims change, so the read again signs a new token; that signature is held until the session has ended.
    await ctx.deps.db.query(`UPDATE users SET name = 'Held Pilot' WHERE uid = '1:100004'`);
    ctx.clock.advance(31_000);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const sign = ctx.deps.keys.sign.bind(ctx.deps.keys);
    let reading = false;
    ctx.deps.keys.sign = async (payload, typ) => {
      reading = true;
      await held;
      return sign(payload, typ);
    };
    try {
      expect((await verify(cookie)).statusCode).toBe(200); // the stale answer; the read again waits at its signature
      for (let i = 0; i < 100 && !reading; i++) await new Promise((r) => setTimeout(r, 10));
      expect(reading).toBe(true);
      await ctx.deps.db.query('UPDATE sessions SET ended_at = now() WHERE token_hash = $1', [sha256(cookie)]);
      await ctx.deps.accessChanged.publish(); // as every end does, after its transaction
      release();
      await new Promise((r) => setTimeout(r, 100));
      expect((await verify(cookie)).statusCode).toBe(401);
    } finally {
      ctx.deps.keys.sign = sign;
      release();
    }
  });
});
