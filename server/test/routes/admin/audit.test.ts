import type { ActivityPage, ActivityRow } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFixture, createAppFixture } from '../../helpers/fixtures.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let adminId: string;
let miraId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001', { 'user-agent': 'JorinBrowser/1.0' })).cookie;
  ctx.clock.advance(1000);
  await signIn(ctx, '1:100002');
  const ids = (await ctx.deps.db.query<{ uid: string; id: string }>('SELECT uid, id FROM users')).rows;
  adminId = ids.find((u) => u.uid === '1:100001')!.id;
  miraId = ids.find((u) => u.uid === '1:100002')!.id;
  await createAppFixture(ctx, { key: 'wiki', name: 'Wiki' });
  ctx.clock.advance(1000);
  await call('POST', `/api/admin/users/${miraId}/apps/wiki/grant`);
  ctx.clock.advance(1000);
  await call('POST', `/api/admin/users/${miraId}/apps/wiki/suspend`);
});
afterAll(() => ctx.close());

function call(method: string, url: string, payload?: object) {
  return ctx.app.inject({ method: method as 'GET', url, payload, cookies: { portal_session: admin } });
}
const list = async (query: string) => (await call('GET', `/api/admin/audit${query}`)).json<ActivityPage>();

describe('GET /api/admin/audit', () => {
  it('lists every event newest first, naming the user, the acting admin and the app', async () => {
    const { events, next_cursor } = await list('');
    expect(events.map((e) => e.event)).toEqual(['access_suspended', 'access_granted', 'login', 'login']);
    expect(events[0]).toMatchObject({
      outcome: 'success',
      user_id: miraId,
      user_name: 'Mira Solan',
      actor_id: adminId,
      actor_name: 'Jorin Vex',
      app_key: 'wiki',
      app_name: 'Wiki',
      user_agent: 'lightMyRequest',
    });
    expect(next_cursor).toBeNull();
  });

  it('names the device an event came from in words, as the sessions lists do', async () => {
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
    await ctx.deps.db.query(
      `INSERT INTO audit_log (created_at, event, user_agent) VALUES (now(), 'login_failed', $1), (now(), 'login_failed', NULL)`,
      [firefox],
    );
    const failed = (await list('?event=login_failed')).events;
    expect(failed.map((e) => [e.device, e.device_kind, e.user_agent])).toEqual([
      [null, null, null],
      ['Firefox on Windows', 'desktop', firefox],
    ]);
    await ctx.deps.db.query("DELETE FROM audit_log WHERE event = 'login_failed'");
  });

  it('filters by actor, user acted upon, app, event, outcome and time range', async () => {
    const events = async (query: string) => (await list(query)).events.map((e) => e.event);
    expect(await events(`?actor=${adminId}`)).toEqual(['access_suspended', 'access_granted']);
    expect(await events(`?user=${adminId}`)).toEqual(['login']);
    expect(await events('?app=wiki')).toEqual(['access_suspended', 'access_granted']);
    expect(await events('?event=access_granted')).toEqual(['access_granted']);
    expect(await events('?outcome=failure')).toEqual([]);
    expect(await events('?outcome=success')).toHaveLength(4);
    const start = new Date('2026-11-22T12:00:01Z').toISOString();
    expect(await events(`?from=${start}&to=2026-11-22T12:00:03Z`)).toEqual(['access_granted', 'login']);
  });

  it('pages by cursor without skipping or repeating a row, even among rows of the same instant', async () => {
    await ctx.deps.db.query(`INSERT INTO audit_log (created_at, event, user_id) SELECT $1, 'logout', $2 FROM generate_series(1, 5)`, [
      ctx.clock.now(),
      miraId,
    ]);
    const seen: ActivityRow[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: ActivityPage = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.events);
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(9);
    expect(new Set(seen.map((e) => e.id)).size).toBe(9);
    expect(seen.map((e) => e.created_at)).toEqual([...seen.map((e) => e.created_at)].sort().reverse());
  });

  it('refuses input PostgreSQL cannot hold with a 400 in words', async () => {
    const refused = async (query: string) => {
      const res = await call('GET', `/api/admin/audit${query}`);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ message: string }>().message;
    };
    expect(await refused('?cursor=99999999999999999999-1')).toContain('cursor must be the next_cursor of an earlier page');
    expect(await refused('?cursor=1-9223372036854775808')).toContain('cursor must be the next_cursor');
    expect(await refused('?from=yesterday')).toContain('from must be a date and time');
    expect(await refused('?from=2026-02-30T00:00:00Z')).toContain('from is not a real date and time');
    expect(await refused('?actor=jorin')).toContain('actor must be a user id');
    expect(await refused('?event=teleported')).toContain('event must be one of the audit event codes');
    expect(await refused('?outcome=maybe')).toContain('outcome must be success or failure');
    expect(await refused('?limit=500')).toContain('limit must be a whole number from 1 to 200');
  });
});

describe('an edit in the activity', () => {
  it('records the fields it changed, before and after, and nothing else', async () => {
    const { id } = await createAppFixture(ctx, { key: 'docs', name: 'Docs' });
    const res = await call('PUT', `/api/admin/apps/${id}`, appFixture({ key: 'docs', name: 'Handbook', url: 'https://docs.example.com/' }));
    expect(res.statusCode).toBe(200);
    const [edited] = (await list('?event=app_updated')).events;
    expect(edited!.details).toEqual({
      name: 'Handbook',
      before: { name: 'Docs', url: null },
      after: { name: 'Handbook', url: 'https://docs.example.com/' },
    });
  });
});

describe('GET /api/admin/audit/export', () => {
  it('answers the filtered events as CSV, one sentence a row, as a download', async () => {
    const res = await call('GET', `/api/admin/audit/export?format=csv&user=${miraId}&app=wiki`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-.*\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,time,event,outcome,sentence,user_uid,user_name,actor_uid,actor_name,app_key,app_name,ip,user_agent,details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      ',access_suspended,success,Access suspended on Wiki for Mira Solan by Jorin Vex,1:100002,Mira Solan,1:100001,',
    );
  });

  it('answers NDJSON rows shaped as the API’s, and defuses spreadsheet formulas in CSV', async () => {
    await ctx.deps.db.query(`INSERT INTO audit_log (created_at, event, user_agent) VALUES ($1, 'login_failed', '=HYPERLINK("x")')`, [
      ctx.clock.now(),
    ]);
    const ndjson = await call('GET', '/api/admin/audit/export?format=ndjson&outcome=failure');
    expect(ndjson.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const rows = ndjson.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as ActivityRow);
    expect(rows).toEqual([expect.objectContaining({ event: 'login_failed', outcome: 'failure', user_agent: '=HYPERLINK("x")' })]);
    const csv = await call('GET', '/api/admin/audit/export?outcome=failure');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('streams an export larger than one batch, in order', async () => {
    await ctx.deps.db.query(`INSERT INTO audit_log (created_at, event) SELECT $1, 'sync_triggered' FROM generate_series(1, 2500)`, [
      ctx.clock.now(),
    ]);
    const res = await call('GET', '/api/admin/audit/export?format=ndjson&event=sync_triggered');
    const ids = res.body
      .trimEnd()
      .split('\n')
      .map((line) => Number((JSON.parse(line) as ActivityRow).id));
    expect(ids).toHaveLength(2500);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
