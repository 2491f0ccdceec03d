import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
});
afterAll(() => ctx.close());

describe('answers that depend on who asks', () => {
  it.each(['/api/me', '/api/apps', '/api/swc/auth-token', '/api/admin/apps', '/api/admin/users', '/api/data/systems'])(
    '%s is kept by no cache, answered or refused',
    async (url) => {
      const answered = await ctx.app.inject({ url, cookies: { portal_session: admin } });
      expect(answered.statusCode).toBe(200);
      expect(answered.headers['cache-control']).toBe('no-store');
      const refused = await ctx.app.inject({ url });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
    },
  );

  it('the data API with a bearer token too', async () => {
    const res = await ctx.app.inject({ url: '/api/data/systems', headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
