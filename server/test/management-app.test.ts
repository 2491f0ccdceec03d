import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManagementApp } from '../src/management-app.ts';
import { createTestApp, type TestContext } from './helpers/test-app.ts';

let ctx: TestContext;
let management: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestApp();
  management = await ctx.management();
});
afterAll(() => ctx.close());

/** The count of one label set of the request-duration histogram in a scrape, 0 when absent. */
function requestCount(scrape: string, labels: string): number {
  const line = scrape.split('\n').find((l) => l.startsWith(`http_request_duration_seconds_count{${labels}}`));
  return Number(line?.split(' ').at(-1) ?? 0);
}

describe('management app (MANAGEMENT_PORT; all a worker serves over HTTP)', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await management.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz once the database does', async () => {
    const res = await management.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it("publishes the main app's request durations at /metrics, with the process metrics", async () => {
    const labels = 'method="GET",route="/config.json",status_code="200"';
    const before = requestCount((await management.inject('/metrics')).body, labels);
    expect((await ctx.app.inject('/config.json')).statusCode).toBe(200);
    const res = await management.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(requestCount(res.body, labels)).toBe(before + 1);
    expect(res.body).toMatch(/^http_request_duration_seconds_bucket\{le="0\.001",method="GET",route="\/config\.json"/m);
    expect(res.body).toContain('process_cpu_seconds_total');
    expect(res.body).toMatch(/^swc_budget_limit 600$/m);
  });

  it('does not count its own probes and scrapes', async () => {
    await management.inject('/healthz');
    const scrape = (await management.inject('/metrics')).body;
    expect(scrape).not.toContain('route="/metrics"');
    expect(requestCount(scrape, 'method="GET",route="/healthz",status_code="200"')).toBe(0);
  });

  it('writes no log line for the probes and scrapes an orchestrator makes every few seconds, but a warning when not ready', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[0]) } };
    // A database nobody listens on, for the readiness probe's own connection: port 1 refuses at once.
    const db = new pg.Pool({ host: '127.0.0.1', port: 1 });
    const down = await buildManagementApp({ ...ctx.deps, db }, { metrics: ctx.metrics, logger });
    try {
      for (const url of ['/healthz', '/metrics']) expect((await down.inject(url)).statusCode).toBe(200);
      expect((await down.inject('/readyz')).statusCode).toBe(503);
      expect((await down.inject('/nothing-here')).statusCode).toBe(404);
    } finally {
      await down.close();
      await db.end();
    }
    expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual(['not ready: PostgreSQL did not answer within 800 ms']);
    // Anything else is logged as before: the 404 writes its request lines.
    expect(lines.filter((l) => l.level === 30).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it.each(['/api/me', '/config.json', '/.well-known/jwks.json', '/auth/login?aud=portal', '/dashboard', '/api/docs'])(
    'serves nothing of the product at %s',
    async (url) => {
      const res = await management.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: `No route for GET ${url.split('?')[0]}.` });
    },
  );
});
