import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('one player signing in from several tabs at once', () => {
  it('gets a session in every tab, and one grant stays stored', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => signIn(ctx, '1:100002')));
    for (const { response, cookie } of results) {
      expect(response.statusCode).toBe(302);
      expect(cookie).toBeTruthy();
    }
    const { rows } = await ctx.deps.db.query(`SELECT t.scopes FROM swc_tokens t JOIN users u ON u.id = t.user_id WHERE u.uid = '1:100002'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].scopes).toEqual(expect.arrayContaining(['character_auth', 'character_read']));
  });
});
