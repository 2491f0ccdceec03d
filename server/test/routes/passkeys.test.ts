import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppFixture } from '../helpers/fixtures.ts';
import { userIdOf } from '../helpers/groups.ts';
import { addPasskey as addPasskeyOf, confirmWithPasskey, SITE } from '../helpers/passkey-flows.ts';
import { signIn } from '../helpers/sign-in.ts';
import { SoftAuthenticator } from '../helpers/soft-authenticator.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../helpers/test-app.ts';

/**
 * Passkeys: a player adds one after a fresh SWCombine sign-in, signs in with it without SWCombine,
 * and every hostile answer (a replayed or stale prompt, another site, another player's passkey, a
 * cloned authenticator, a removed passkey) is refused.
 */
let ctx: TestContext;
let jorin: string;
let mira: string;
let miraId: string;
let miraPhone: SoftAuthenticator;
let jorinKey: SoftAuthenticator;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string | null, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, ...(cookie ? { cookies: { portal_session: cookie } } : {}) });
const auditRows = async (event: string) =>
  (
    await ctx.deps.db.query<{ user_id: string; details: Record<string, string> }>('SELECT * FROM audit_log WHERE event = $1 ORDER BY id', [
      event,
    ])
  ).rows;

const confirm = (cookie: string, authenticator: SoftAuthenticator) => confirmWithPasskey(ctx, cookie, authenticator);
const addPasskey = (cookie: string, name: string, existing?: SoftAuthenticator) => addPasskeyOf(ctx, cookie, name, existing);

const signInOptions = async () => (await call(null, 'POST', '/api/sign-in/passkey/options')).json<{ challenge: string }>();
const passkeySignIn = (answer: object) => call(null, 'POST', '/api/sign-in/passkey', { answer });

beforeAll(async () => {
  ctx = await createTestApp();
  jorin = (await signIn(ctx, '1:100001')).cookie;
  mira = (await signIn(ctx, '1:100002')).cookie;
  miraId = await userIdOf(ctx, '1:100002');
});
afterAll(() => ctx.close());

describe('adding a passkey', () => {
  it('is offered right after a SWCombine sign-in, listed with its name and dates, and audited', async () => {
    const { passkey, authenticator } = await addPasskey(mira, 'Mira’s phone');
    miraPhone = authenticator;
    const list = (await call(mira, 'GET', '/api/me/passkeys')).json();
    expect(list.passkeys).toEqual([{ id: passkey.id, name: 'Mira’s phone', added_at: expect.any(String), last_used_at: null }]);
    expect(list.can_add_until).toEqual(expect.any(String));
    expect((await auditRows('passkey_added')).at(-1)).toMatchObject({ user_id: miraId, details: { value: 'Mira’s phone' } });
  });

  it('needs a SWCombine sign-in at most 10 minutes old: a stolen cookie alone cannot add one', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    await confirm(cookie, miraPhone);
    const options = (await call(cookie, 'POST', '/api/me/passkeys/options')).json();
    ctx.clock.advance(11 * 60_000);
    const late = await call(cookie, 'POST', '/api/me/passkeys', { name: 'Thief', answer: new SoftAuthenticator(SITE).register(options) });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(/SWCombine sign-in at most 10 minutes old/);
    expect((await call(cookie, 'POST', '/api/me/passkeys/options')).statusCode).toBe(403);
    expect((await call(cookie, 'GET', '/api/me/passkeys')).json().can_add_until).toBeNull();
  });

  it('sends a signed-in player to SWCombine again for a fresh sign-in (prompt=login), back to Your account', async () => {
    const rd = encodeURIComponent(`${PUBLIC_URL}/account`);
    const sso = await call(mira, 'GET', `/auth/login?aud=portal&rd=${rd}`);
    expect(sso.headers.location).toBe(`${PUBLIC_URL}/account`);
    const fresh = await call(mira, 'GET', `/auth/login?aud=portal&rd=${rd}&prompt=login`);
    expect(fresh.statusCode).toBe(302);
    expect(fresh.headers.location).toMatch(new RegExp(`^${ctx.simulatorUrl}`));
  });

  it('refuses an answer made for another site (origin or RP ID)', async () => {
    const cookie = (await signIn(ctx, '1:100001')).cookie;
    for (const where of [{ origin: 'https://evil.example.com' }, { rpId: 'evil.example.com' }]) {
      const options = (await call(cookie, 'POST', '/api/me/passkeys/options')).json();
      const res = await call(cookie, 'POST', '/api/me/passkeys', {
        name: 'Elsewhere',
        answer: new SoftAuthenticator(SITE).register(options, where),
      });
      expect(res.statusCode, JSON.stringify(where)).toBe(400);
    }
  });

  it('refuses a prompt made for another session', async () => {
    jorin = (await signIn(ctx, '1:100001')).cookie;
    mira = (await signIn(ctx, '1:100002')).cookie;
    await confirm(mira, miraPhone);
    const options = (await call(jorin, 'POST', '/api/me/passkeys/options')).json();
    const res = await call(mira, 'POST', '/api/me/passkeys', { name: 'Borrowed', answer: new SoftAuthenticator(SITE).register(options) });
    expect(res.statusCode).toBe(400);
  });

  it('with a passkey already, needs one of them used in this session first: a stolen game password cannot add its own', async () => {
    const cookie = (await signIn(ctx, '1:100002')).cookie;
    expect((await call(cookie, 'GET', '/api/me/passkeys')).json().confirm_first).toBe(true);
    const refused = await call(cookie, 'POST', '/api/me/passkeys/options');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/confirm it’s you with one of them first/);
    await confirm(cookie, miraPhone);
    expect((await call(cookie, 'GET', '/api/me/passkeys')).json().confirm_first).toBe(false);
    expect((await call(cookie, 'POST', '/api/me/passkeys/options')).statusCode).toBe(200);
  });

  it('says in words what is wrong with a malformed answer', async () => {
    const res = await call(mira, 'POST', '/api/me/passkeys', { name: '', answer: { id: 'not base64!' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Passkey name is required|base64url/);
  });
});

describe('signing in with a passkey', () => {
  beforeAll(async () => {
    jorin = (await signIn(ctx, '1:100001')).cookie;
    jorinKey = (await addPasskey(jorin, 'Jorin’s key')).authenticator;
  });

  it('opens a portal session with no SWCombine round trip, and records the use', async () => {
    const before = ctx.sim.stats();
    const res = await passkeySignIn(jorinKey.assert(await signInOptions()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ redirect: `${PUBLIC_URL}/dashboard` });
    const cookie = res.cookies.find((c) => c.name === 'portal_session')!.value;
    expect((await call(cookie, 'GET', '/api/me')).json()).toMatchObject({ uid: '1:100001', name: 'Jorin Vex' });
    expect(ctx.sim.stats()).toEqual(before);
    const used = (await call(cookie, 'GET', '/api/me/passkeys')).json();
    expect(used.passkeys[0].last_used_at).toEqual(expect.any(String));
    // A passkey session is not a fresh SWCombine sign-in: it cannot add another passkey.
    expect(used.can_add_until).toBeNull();
    expect((await auditRows('passkey_used')).at(-1)!.details).toMatchObject({ value: 'Jorin’s key', reason: 'signed in' });
  });

  it('refuses a replayed challenge', async () => {
    const answer = jorinKey.assert(await signInOptions());
    expect((await passkeySignIn(answer)).statusCode).toBe(200);
    const replay = await passkeySignIn(answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/already used/);
  });

  it('refuses a challenge older than 5 minutes', async () => {
    const options = await signInOptions();
    ctx.clock.advance(5 * 60_000 + 1000);
    expect((await passkeySignIn(jorinKey.assert(options))).statusCode).toBe(400);
  });

  it('refuses an answer for another origin or RP ID', async () => {
    expect((await passkeySignIn(jorinKey.assert(await signInOptions(), { origin: 'https://evil.example.com' }))).statusCode).toBe(400);
    expect((await passkeySignIn(jorinKey.assert(await signInOptions(), { rpId: 'evil.example.com' }))).statusCode).toBe(400);
  });

  it('refuses a passkey whose user handle names another player', async () => {
    const res = await passkeySignIn(jorinKey.assert(await signInOptions(), { userHandle: Buffer.from(miraId).toString('base64url') }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This passkey belongs to another player.');
  });

  it('refuses a signature counter that goes backwards (a cloned authenticator), and audits it', async () => {
    expect((await passkeySignIn(jorinKey.assert(await signInOptions(), { counter: 50 }))).statusCode).toBe(200);
    const clone = await passkeySignIn(jorinKey.assert(await signInOptions(), { counter: 49 }));
    expect(clone.statusCode).toBe(403);
    expect(clone.json().message).toMatch(/copied authenticator/);
    expect((await auditRows('passkey_refused')).at(-1)!.details.reason).toMatch(/counter went backwards/);
    jorinKey.counter = 50; // the genuine authenticator goes on from where it was
  });

  it('refuses a removed passkey', async () => {
    const { authenticator, passkey } = await addPasskey((await signIn(ctx, '1:100001')).cookie, 'Old key', jorinKey);
    expect((await call(jorin, 'DELETE', `/api/me/passkeys/${passkey.id}`)).statusCode).toBe(204);
    const res = await passkeySignIn(authenticator.assert(await signInOptions()));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not registered here/);
    expect((await auditRows('passkey_removed')).at(-1)!.details.value).toBe('Old key');
  });

  it('never outlives its player’s access: a suspension still applies, and End all ends its session', async () => {
    await createAppFixture(ctx, { key: 'wiki', name: 'Wiki', audience: 'wiki', skip_uid_whitelist: true });
    const miraKey = (await addPasskey((await signIn(ctx, '1:100002')).cookie, 'Mira’s key', miraPhone)).authenticator;
    expect((await call(jorin, 'POST', `/api/admin/users/${miraId}/apps/wiki/suspend`)).statusCode).toBe(200);
    const res = await passkeySignIn(miraKey.assert(await signInOptions()));
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'portal_session')!.value;
    // Forward auth refuses the suspended player (401, as for any refusal) though the passkey signed her in.
    expect((await call(cookie, 'GET', '/auth/verify?aud=wiki')).statusCode).toBe(401);
    expect((await call(jorin, 'POST', `/api/admin/users/${miraId}/apps/wiki/grant`)).statusCode).toBe(200);
    expect((await call(cookie, 'GET', '/auth/verify?aud=wiki')).statusCode).toBe(200);
    expect((await call(jorin, 'DELETE', `/api/admin/users/${miraId}/sessions`)).statusCode).toBe(200);
    expect((await call(cookie, 'GET', '/api/me')).statusCode).toBe(401);
  });
});

describe('confirming it’s you', () => {
  it('refuses another player’s passkey in this player’s session', async () => {
    const miraCookie = (await signIn(ctx, '1:100002')).cookie;
    const options = (await call(miraCookie, 'POST', '/api/me/passkeys/confirm/options')).json();
    const res = await call(miraCookie, 'POST', '/api/me/passkeys/confirm', { answer: jorinKey.assert(options) });
    expect(res.statusCode).toBe(403);
  });

  it('records the passkey use on the session', async () => {
    const cookie = (await signIn(ctx, '1:100001')).cookie;
    await confirm(cookie, jorinKey);
    const { rows } = await ctx.deps.db.query(
      'SELECT passkey_used_at, passkey_amr FROM sessions WHERE user_id <> $1 ORDER BY created_at DESC LIMIT 1',
      [miraId],
    );
    expect(rows[0]).toEqual({ passkey_used_at: ctx.clock.now(), passkey_amr: ['hwk', 'user'] });
  });
});

describe('an admin', () => {
  it('sees a player’s passkeys and removes one, audited with their name', async () => {
    const list = await call(jorin, 'GET', `/api/admin/users/${miraId}/passkeys`);
    expect(list.statusCode).toBe(200);
    const names = list.json<{ id: string; name: string }[]>().map((p) => p.name);
    expect(names).toContain('Mira’s phone');
    const phone = list.json<{ id: string; name: string }[]>().find((p) => p.name === 'Mira’s phone')!;
    expect((await call(jorin, 'DELETE', `/api/admin/users/${miraId}/passkeys/${phone.id}`)).statusCode).toBe(204);
    expect((await call(jorin, 'DELETE', `/api/admin/users/${miraId}/passkeys/${phone.id}`)).statusCode).toBe(404);
    const player = (await signIn(ctx, '1:100002')).cookie;
    expect((await call(player, 'GET', `/api/admin/users/${miraId}/passkeys`)).statusCode).toBe(403);
  });
});

describe('the dashboard’s note after a passkey sign-in', () => {
  it('says SWCombine could not be reached only for a passkey session while SWCombine does not answer', async () => {
    const cookie = (await signIn(ctx, '1:100001')).cookie;
    const key = (await addPasskey(cookie, 'Note key', jorinKey)).authenticator;
    const res = await passkeySignIn(key.assert(await signInOptions()));
    const passkeySession = res.cookies.find((c) => c.name === 'portal_session')!.value;
    const note = async (c: string) => (await call(c, 'GET', '/api/me/sign-in-note')).json().note;
    expect(await note(passkeySession)).toBeNull();

    const stop = ctx.sim.close;
    ctx.sim.close = async () => undefined;
    await stop();
    ctx.clock.advance(61_000); // past the minute one answer is reused
    expect(await note(passkeySession)).toMatch(/^SWCombine could not be reached/);
    expect(await note(cookie)).toBeNull();
  });
});
