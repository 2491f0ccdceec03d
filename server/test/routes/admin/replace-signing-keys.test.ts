import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceJwtFixture } from '../../helpers/fixtures.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let player: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx, '1:100001')).cookie;
  player = (await signIn(ctx, '1:100002')).cookie;
});
afterAll(() => ctx.close());

const jwks = async () => (await ctx.app.inject({ url: '/.well-known/jwks.json' })).json() as { keys: { kid: string }[] };
const replace = (cookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/signing-keys/replace', cookies: { portal_session: cookie } });

describe('Replace signing keys now', () => {
  it('unpublishes every old key, signs with new ones at once, re-issues service JWTs, and is audited', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/service-jwts',
      payload: serviceJwtFixture({ service_name: 'billing', k8s_namespace: 'apps' }),
      cookies: { portal_session: admin },
    });
    expect(created.statusCode, created.body).toBe(201);
    const oldServiceJwt = ctx.kube.value('apps', 'billing-jwt', 'token')!;
    const oldToken = await ctx.deps.keys.sign({ sub: '1:100002', aud: 'wiki' }, 'at+jwt');
    const oldKids = (await jwks()).keys.map((k) => k.kid);
    await expect(jwtVerify(oldToken, createLocalJWKSet(await jwks()), { currentDate: ctx.clock.now() })).resolves.toBeDefined();

    const res = await replace(admin);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      removed_keys: oldKids.length,
      service_jwts_reissued: 1,
      service_jwts_failed: [],
      jwks_max_age_seconds: 300,
    });
    expect(answer.new_kids).toHaveLength(2);

    const published = await jwks();
    expect(published.keys.map((k) => k.kid).sort()).toEqual([...answer.new_kids].sort());
    for (const kid of oldKids) expect(published.keys.map((k) => k.kid)).not.toContain(kid);
    // What the old keys signed no longer verifies against the published set; what is signed now does.
    await expect(jwtVerify(oldToken, createLocalJWKSet(published), { currentDate: ctx.clock.now() })).rejects.toThrow(
      'no applicable key found',
    );
    const newToken = await ctx.deps.keys.sign({ sub: '1:100002', aud: 'wiki' }, 'at+jwt');
    expect(answer.new_kids).toContain(decodeProtectedHeader(newToken).kid);
    await expect(jwtVerify(newToken, createLocalJWKSet(published), { currentDate: ctx.clock.now() })).resolves.toBeDefined();
    // The service's Secret holds a JWT signed by a new key.
    const newServiceJwt = ctx.kube.value('apps', 'billing-jwt', 'token')!;
    expect(newServiceJwt).not.toBe(oldServiceJwt);
    await expect(jwtVerify(newServiceJwt, createLocalJWKSet(published), { currentDate: ctx.clock.now() })).resolves.toBeDefined();

    const audit = await ctx.deps.db.query(
      `SELECT a.details, u.uid FROM audit_log a JOIN users u ON u.id = a.actor_id WHERE a.event = 'signing_keys_replaced'`,
    );
    expect(audit.rows).toEqual([{ uid: '1:100001', details: { removed_kids: oldKids.sort(), new_kids: answer.new_kids } }]);
  });

  it('signs nobody out: the player’s session goes on', async () => {
    const me = await ctx.app.inject({ url: '/api/me', cookies: { portal_session: player } });
    expect(me.statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    expect((await replace(player)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/signing-keys/replace' })).statusCode).toBe(401);
  });
});
