import { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUnsendableGrants } from '../../../src/services/app-access/grant-values.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let mira: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const wiki = await createAppFixture(ctx, { key: 'wiki' });
  mira = (await signIn(ctx, '1:100002')).cookie;
  await ctx.deps.db.query(
    `INSERT INTO user_app_access (user_id, app_id, status) SELECT id, $1, 'active' FROM users WHERE uid = '1:100002'`,
    [wiki.id],
  );
});
afterAll(() => ctx.close());

const verify = () => ctx.app.inject({ url: '/auth/verify?aud=wiki', cookies: { portal_session: mira } });

async function grantStored(kind: 'role' | 'scope', value: string) {
  // As a value granted before roles and scopes had to be protocol tokens: straight into the table.
  await ctx.deps.db.query(
    `INSERT INTO user_app_grants (user_id, app_id, kind, value)
     SELECT u.id, a.id, $1, $2 FROM users u, apps a WHERE u.uid = '1:100002' AND a.key = 'wiki'`,
    [kind, value],
  );
  await ctx.deps.accessChanged.publish();
}

describe('a role or scope stored before the protocol-token rule', () => {
  it('is left out of the roles header and the token, and the check still answers', async () => {
    await grantStored('role', 'офицер');
    await grantStored('role', 'staff');
    await grantStored('scope', 'fleet read');
    const res = await verify();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-request-roles']).toBe('staff');
    const claims = JSON.parse(Buffer.from(String(res.headers.authorization).split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ roles: ['staff'], scp: [] });
  });

  it('is named at start, so an admin can revoke it', async () =>
    expect(await findUnsendableGrants(ctx.deps)).toEqual(['role "офицер" (1 grant)', 'scope "fleet read" (1 grant)']));
});

describe('a forward-auth answer that cannot be written', () => {
  it('ends its socket with a 500 instead of leaving the ingress waiting', async () => {
    const writeHead = vi.spyOn(ServerResponse.prototype, 'writeHead').mockImplementationOnce(() => {
      throw new TypeError('Invalid character in header content ["x-auth-request-roles"]');
    });
    try {
      const res = await verify();
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
    } finally {
      writeHead.mockRestore();
    }
  });
});
