import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { purgeExpiredAudit } from '../../../src/services/audit-trail/retention.ts';
import { purgeFinishedSignIns } from '../../../src/services/sessions/cleanup.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

const DAY = 24 * 60 * 60_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUDIT_RETENTION_DAYS: '30' });
});
afterAll(() => ctx.close());

/** `n` events written `daysAgo` days before the test clock's now. */
const writeEvents = (n: number, daysAgo: number) =>
  ctx.deps.db.query(`INSERT INTO audit_log (created_at, event) SELECT $1, 'login' FROM generate_series(1, $2::int)`, [
    new Date(ctx.clock.now().getTime() - daysAgo * DAY),
    n,
  ]);
const remaining = async () => Number((await ctx.deps.db.query('SELECT count(*) AS n FROM audit_log')).rows[0].n);

describe('AUDIT_RETENTION_DAYS', () => {
  it('defaults to 365 days; 0 keeps everything', () => {
    expect(loadConfig({}).audit.retentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0' }).audit.retentionDays).toBe(0);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '-1' })).toThrow('AUDIT_RETENTION_DAYS');
  });

  it('deletes events older than the retention, in batches, and keeps the rest', async () => {
    await ctx.deps.db.query('DELETE FROM audit_log');
    await writeEvents(25, 31);
    await writeEvents(4, 29);
    expect(await purgeExpiredAudit(ctx.deps, 10)).toBe(25);
    expect(await remaining()).toBe(4);
  });

  it('runs in the clean-up job', async () => {
    await writeEvents(3, 40);
    expect((await purgeFinishedSignIns(ctx.deps)).auditEvents).toBe(3);
  });

  it('keeps what forwarding has not delivered yet', async () => {
    await ctx.deps.db.query('DELETE FROM audit_log');
    await writeEvents(5, 40);
    const { rows } = await ctx.deps.db.query<{ id: string }>('SELECT min(id)::text AS id FROM audit_log');
    await ctx.deps.db.query(
      `INSERT INTO audit_forwarding (url, secret_enc, delivered_id, updated_at) VALUES ('https://siem.example.com/', 'x', $1, now())`,
      [Number(rows[0]!.id) + 1],
    );
    expect(await purgeExpiredAudit(ctx.deps)).toBe(2);
    expect(await remaining()).toBe(3);
  });

  it('keeps everything at 0', async () => {
    const keepAll = { ...ctx.deps, config: { ...ctx.deps.config, audit: { retentionDays: 0 } } };
    await writeEvents(2, 4000);
    expect(await purgeExpiredAudit(keepAll)).toBe(0);
  });
});
