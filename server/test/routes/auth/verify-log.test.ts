import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import type { Deps } from '../../../src/deps.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

interface LogLine {
  level: number;
  msg: string;
  route?: string;
  req?: { url: string };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The product with its request log captured, over a database that has just shut down. */
async function appWithDatabaseDown(lines: LogLine[]) {
  const shutDown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  const db = new Proxy(ctx.deps.db, {
    get: (target, name) => (name === 'query' ? () => Promise.reject(shutDown) : Reflect.get(target, name)),
  });
  const deps: Deps = { ...ctx.deps, db };
  return buildApp(deps, { logger: { level: 'info', stream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } } });
}

describe('the forward-auth log', () => {
  it('writes no line for a check, but a failed check as a warning that names the route', async () => {
    const lines: LogLine[] = [];
    const app = await appWithDatabaseDown(lines);
    try {
      const res = await app.inject({ url: '/auth/verify?aud=portal', cookies: { portal_session: 'some-session' } });
      expect(res.statusCode).toBe(503);
      await app.inject('/config.json');
    } finally {
      await app.close();
    }
    expect(lines.filter((l) => l.req?.url.startsWith('/auth/verify'))).toEqual([]);
    expect(lines.filter((l) => l.req?.url === '/config.json')).not.toEqual([]);
    const warnings = lines.filter((l) => l.level >= 40);
    expect(warnings).toEqual([expect.objectContaining({ level: 40, msg: 'database unavailable', route: '/auth/verify' })]);
  });
});
