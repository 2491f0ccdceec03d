import { AuditEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { authorize, CookieJar, exchange, postForm, WIKI_REDIRECT } from '../../helpers/oidc.ts';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, type TestContext } from '../../helpers/test-app.ts';

describe('a code or refresh token sent twice at once is redeemed once (RFC 6749 §4.1.2, §10.4)', () => {
  let ctx: TestContext;
  let jar: CookieJar;

  beforeAll(async () => {
    ctx = await createTestApp();
    await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      redirect_urls: [WIKI_REDIRECT],
      skip_uid_whitelist: true,
    });
    jar = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  });
  afterAll(() => ctx.close());

  const userinfo = (accessToken: string) => ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${accessToken}` } });
  const reusedAudits = async () =>
    Number((await ctx.deps.db.query('SELECT count(*) FROM audit_log WHERE event = $1', [AuditEvent.OidcGrantReused])).rows[0].count);

  it('a code: one exchange gets tokens, the other invalid_grant, and the grant ends, so the tokens issued stop working', async () => {
    const { code, verifier } = await authorize(ctx, jar, { scope: 'openid profile' });
    const before = await reusedAudits();
    const answers = await Promise.all([exchange(ctx, code!, verifier), exchange(ctx, code!, verifier)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!;
    expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
    const issued = answers.find((a) => a.statusCode === 200)!.json<{ access_token: string }>();
    expect((await userinfo(issued.access_token)).statusCode).toBe(401);
    expect(await reusedAudits()).toBe(before + 1);
  });

  it('a replay’s audit row and the grant’s end are one transaction: when the row cannot be written, the grant does not end', async () => {
    const { code, verifier } = await authorize(ctx, jar, { scope: 'openid profile' });
    const before = await reusedAudits();
    // The audit log refuses the replay's row, as a full disk or a lost connection would.
    await ctx.deps.db.query(`CREATE FUNCTION refuse_reused_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.event = '${AuditEvent.OidcGrantReused}' THEN RAISE EXCEPTION 'audit log refused'; END IF; RETURN NEW; END $$`);
    await ctx.deps.db.query(
      'CREATE TRIGGER refuse_reused_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_reused_audit()',
    );
    try {
      const answers = await Promise.all([exchange(ctx, code!, verifier), exchange(ctx, code!, verifier)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 500]);
      const issued = answers.find((a) => a.statusCode === 200)!.json<{ access_token: string }>();
      // Nothing of the ending was kept without its audit row: the tokens issued still work.
      expect((await userinfo(issued.access_token)).statusCode).toBe(200);
      expect(await reusedAudits()).toBe(before);
    } finally {
      await ctx.deps.db.query('DROP TRIGGER refuse_reused_audit ON audit_log');
      await ctx.deps.db.query('DROP FUNCTION refuse_reused_audit()');
    }
  });

  it('a refresh token: one rotation gets the next token, the other invalid_grant, and the family ends', async () => {
    const offline = await authorize(ctx, jar, { scope: 'openid offline_access' });
    const first = (await exchange(ctx, offline.code!, offline.verifier)).json<{ refresh_token: string }>();
    const rotate = () =>
      postForm(ctx, '/oidc/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'wiki' });
    const answers = await Promise.all([rotate(), rotate()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const next = answers.find((a) => a.statusCode === 200)!.json<{ refresh_token: string; access_token: string }>();
    const again = await postForm(ctx, '/oidc/token', { grant_type: 'refresh_token', refresh_token: next.refresh_token, client_id: 'wiki' });
    expect(again.statusCode).toBe(400);
    expect((await userinfo(next.access_token)).statusCode).toBe(401);
  });
});
