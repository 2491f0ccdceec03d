import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let routes: [string, string][];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  const doc = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m): [string, string] => [m.toUpperCase(), path]),
  );
});
afterAll(() => ctx.close());

// Path parameters, query strings and bodies that a careless or hostile caller might send.
const PARAMS = ['not-a-uuid', '%00', "'; DROP TABLE users; --", 'x'.repeat(300), '00000000-0000-4000-8000-000000000000'];
const BODIES: unknown[] = [
  '{"unterminated',
  '[]',
  'null',
  '42',
  JSON.stringify({ enabled: 'x', uid: 5, value: {}, key: [], ttl_minutes: 'abc', redirect_urls: 'x' }),
];
const QUERIES = ['', '?aud=', '?aud=%FF', '?userId=x&appId=y', '?limit=-1&offset=abc', `?q=${'%25'.repeat(50)}`];

describe('malformed input never causes a 500', () => {
  it('holds for every documented route', async () => {
    expect(routes.length).toBeGreaterThan(25);
    const failures: string[] = [];
    for (const [method, template] of routes) {
      if (template.startsWith('/auth/logout')) continue; // would end the admin's session for the rest of the sweep
      for (const param of PARAMS) {
        const path = template.replace(/\{[^}]+\}/g, encodeURIComponent(param));
        for (const query of QUERIES) {
          const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BODIES;
          for (const body of bodies) {
            const res = await ctx.app.inject({
              method: method as 'GET',
              url: path + query,
              cookies: { portal_session: admin },
              ...(body === undefined ? {} : { payload: body as string, headers: { 'content-type': 'application/json' } }),
            });
            if (res.statusCode >= 500 && res.statusCode !== 502)
              failures.push(`${method} ${path}${query} ${String(body)} → ${res.statusCode} ${res.body}`);
            if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
              const json = res.json();
              if (typeof json.error !== 'string' || typeof json.message !== 'string')
                failures.push(`${method} ${path}${query}: error body ${res.body}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
