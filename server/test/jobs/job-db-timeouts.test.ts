import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DbTimeouts } from '../../src/db/pool.ts';
import { startJobSystem, type JobSystem } from '../../src/jobs/system.ts';
import { BACKCHANNEL_LOGOUT_JOB } from '../../src/services/access-end/backchannel-logout.ts';
import { FreezableProxy } from '../helpers/freezable-proxy.ts';

/** With these bounds a request gives up after at most 3 s (1 s statement timeout + the client's 2 s margin). */
const SHORT: DbTimeouts = { connectSeconds: 1, statementSeconds: 1, idleInTransactionSeconds: 1 };
const GIVES_UP_WITHIN_MS = 5_000;
const job = { appId: 'a', userId: 'u', sid: 's' };

type Outcome = { settled: 'resolved'; value: unknown } | { settled: 'rejected'; error: Error } | { settled: 'no, still waiting' };

/** How `work` ended, or that it still waits after `ms`. */
async function outcomeWithin(work: Promise<unknown>, ms: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const waiting = new Promise<Outcome>((resolve) => (timer = setTimeout(() => resolve({ settled: 'no, still waiting' }), ms)));
  const settled = work.then(
    (value): Outcome => ({ settled: 'resolved', value }),
    (error: Error): Outcome => ({ settled: 'rejected', error }),
  );
  const outcome = await Promise.race([settled, waiting]);
  clearTimeout(timer);
  return outcome;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
}

describe('the job system on a database that stops answering', () => {
  const url = inject('databaseUrl');
  const schemas: string[] = [];
  const started: Promise<JobSystem>[] = [];
  let proxy: FreezableProxy;

  function startThroughProxy(opts: { runsJobs: boolean }): Promise<JobSystem> {
    const schema = `jobs_timeouts_${randomBytes(4).toString('hex')}`;
    schemas.push(schema);
    const jobs = startJobSystem(proxy.urlFor(url), { schema, timeouts: SHORT, ...opts });
    started.push(jobs);
    return jobs;
  }

  beforeAll(async () => {
    proxy = await FreezableProxy.forUrl(url).start();
  });
  afterAll(async () => {
    proxy.thaw();
    for (const jobs of await Promise.allSettled(started)) if (jobs.status === 'fulfilled') await jobs.value.stop();
    await proxy.stop();
    for (const schema of schemas) await dropSchema(url, schema);
  });

  it('gives up handing over or fetching a job within its bound instead of hanging, and works again once the database answers', async () => {
    const jobs = await startThroughProxy({ runsJobs: false });
    await jobs.queue.send(BACKCHANNEL_LOGOUT_JOB, job);

    proxy.freeze();
    try {
      const send = await outcomeWithin(jobs.queue.send(BACKCHANNEL_LOGOUT_JOB, job), GIVES_UP_WITHIN_MS);
      expect(send).toMatchObject({ settled: 'rejected', error: { message: expect.stringMatching(/timeout/i) } });
      // A worker's poll that fails so is reported as an 'error' event, and the worker polls again.
      const fetch = await outcomeWithin(jobs.boss.fetch(BACKCHANNEL_LOGOUT_JOB), GIVES_UP_WITHIN_MS);
      expect(fetch).toMatchObject({ settled: 'rejected', error: { message: expect.stringMatching(/timeout/i) } });
    } finally {
      proxy.thaw();
    }

    await jobs.queue.send(BACKCHANNEL_LOGOUT_JOB, job);
    expect(await jobs.boss.fetch(BACKCHANNEL_LOGOUT_JOB)).toHaveLength(1);
  });

  it('fails starting within its bound instead of hanging', async () => {
    proxy.freeze();
    try {
      const start = await outcomeWithin(startThroughProxy({ runsJobs: true }), GIVES_UP_WITHIN_MS);
      expect(start).toMatchObject({ settled: 'rejected', error: { message: expect.stringMatching(/timeout/i) } });
    } finally {
      proxy.thaw();
    }
  });
});

describe("the job system's sessions by default", () => {
  it("let PostgreSQL cancel a statement of pg-boss's after a minute, long enough for its maintenance", async () => {
    const url = inject('databaseUrl');
    const schema = `jobs_timeouts_${randomBytes(4).toString('hex')}`;
    const jobs = await startJobSystem(url, { schema, runsJobs: false });
    try {
      const { rows } = await jobs.boss.getDb().executeSql('SHOW statement_timeout', []);
      expect(rows[0].statement_timeout).toBe('1min');
    } finally {
      await jobs.stop();
      await dropSchema(url, schema);
    }
  });
});
