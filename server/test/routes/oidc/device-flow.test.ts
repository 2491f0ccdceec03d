import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerDevice,
  askForCode,
  type DeviceAuthorization,
  openDevicePage,
  poll,
  submitDevicePage,
  xsrfOf,
} from '../../helpers/device-flow.ts';
import { createAppFixture } from '../../helpers/fixtures.ts';
import { basic, browse, CookieJar } from '../../helpers/oidc.ts';
import { approveAtSimulator, signIn } from '../../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../../helpers/test-app.ts';

const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';

describe('the device flow (RFC 8628): a bot asks a player for a code', () => {
  let ctx: TestContext;
  let mira: CookieJar;

  const codeFor = async (clientId = 'bot', scope = 'openid profile offline_access') => {
    const res = await askForCode(ctx, { client_id: clientId, scope });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DeviceAuthorization;
  };
  const audit = (event: string, appKey: string) =>
    ctx.deps.db.query<{ details: Record<string, unknown> }>('SELECT details FROM audit_log WHERE event = $1 AND app_key = $2 ORDER BY id', [
      event,
      appKey,
    ]);

  beforeAll(async () => {
    ctx = await createTestApp();
    // A bot anyone may use (no whitelist), a public client: it has no secret to keep.
    await createAppFixture(ctx, {
      key: 'bot',
      name: 'Fleet Bot',
      audience: 'https://bot.example.com',
      redirect_urls: [],
      skip_uid_whitelist: true,
      grant_types: [DEVICE, 'refresh_token'],
    });
    // A bot only players granted access may use.
    await createAppFixture(ctx, { key: 'vault', name: 'Vault Bot', audience: 'vault', redirect_urls: [], grant_types: [DEVICE] });
    // An app that signs in with a code only.
    await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'wiki',
      redirect_urls: ['https://wiki.example.com/cb'],
      skip_uid_whitelist: true,
    });
    mira = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
  });
  afterAll(() => ctx.close());

  it('is listed in discovery', async () => {
    const meta = (await ctx.app.inject('/.well-known/openid-configuration')).json();
    expect(meta.device_authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/device/auth`);
    expect(meta.grant_types_supported).toEqual(expect.arrayContaining([DEVICE, 'client_credentials']));
  });

  it('gives the device a code to show and the page to enter it, then the player allows it and the device gets tokens', async () => {
    const device = await codeFor();
    expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(device.verification_uri).toBe(`${PUBLIC_URL}/device`);
    expect(device.verification_uri_complete).toBe(`${PUBLIC_URL}/device?user_code=${device.user_code}`);
    expect(device.expires_in).toBe(600);
    expect((await poll(ctx, device.device_code, { client_id: 'bot' })).json().error).toBe('authorization_pending');

    const { page } = await openDevicePage(ctx, mira);
    expect(page.body).toContain('<h1>Connect a device</h1>');
    expect(page.body).toContain('Signed in as <strong>Mira Solan</strong>');
    // Typed as a player types it: lower case, without the dash.
    const typed = device.user_code.replace('-', '').toLowerCase();
    const { confirmPage, done } = await answerDevice(ctx, mira, typed, 'confirm');
    expect(confirmPage.body).toContain('<h1>Allow Fleet Bot?</h1>');
    expect(confirmPage.body).toContain(`<code>${device.user_code}</code>`);
    for (const words of ['Know who you are', 'Your character name, picture, faction and race', 'Keep access while you are away'])
      expect(confirmPage.body).toContain(words);
    expect(done.body).toContain('<h1>Device connected</h1>');

    ctx.clock.advance(5_000); // the device polls every 5 seconds
    const tokens = await poll(ctx, device.device_code, { client_id: 'bot' });
    expect(tokens.statusCode, tokens.body).toBe(200);
    const { access_token, id_token, refresh_token, scope } = tokens.json();
    expect(scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'offline_access']));
    expect(decodeJwt(access_token)).toMatchObject({ aud: 'https://bot.example.com', sub: '1:100002', client_id: 'bot' });
    expect(decodeJwt(id_token)).toMatchObject({ aud: 'bot', sub: '1:100002', name: 'Mira Solan' });
    expect(refresh_token).toEqual(expect.any(String));
    const info = await ctx.app.inject({ url: '/oidc/userinfo', headers: { authorization: `Bearer ${access_token}` } });
    expect(info.json()).toMatchObject({ sub: '1:100002', name: 'Mira Solan' });
    // A device code is good for one set of tokens.
    ctx.clock.advance(5_000);
    expect((await poll(ctx, device.device_code, { client_id: 'bot' })).json().error).toBe('invalid_grant');
    const allowed = await audit('oidc_authorized', 'bot');
    expect(allowed.rows[0]!.details).toMatchObject({ client_id: 'bot', via: 'a device code' });
  });

  it('tells the device access_denied when the player denies it, and audits it', async () => {
    const device = await codeFor();
    const { done } = await answerDevice(ctx, mira, device.user_code, 'abort');
    expect(done.body).toContain('<h1>Device not connected</h1>');
    expect(done.body).toContain('Fleet Bot was told you said no');
    expect((await poll(ctx, device.device_code, { client_id: 'bot' })).json().error).toBe('access_denied');
    expect((await audit('oidc_refused', 'bot')).rows.at(-1)!.details).toMatchObject({ reason: 'the player denied the device' });
  });

  it('lets the one access rule decide before Allow is offered: a player the app does not admit is told why, and the device gets access_denied', async () => {
    const device = await codeFor('vault', 'openid');
    const { xsrf } = await openDevicePage(ctx, mira);
    const refused = await submitDevicePage(ctx, mira, { xsrf, user_code: device.user_code });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('<h1>Vault Bot does not admit you</h1>');
    expect(refused.body).toContain('You have not been granted access to this app.');
    expect(refused.body).not.toContain('Allow');
    expect((await poll(ctx, device.device_code, { client_id: 'vault' })).json().error).toBe('access_denied');
    expect((await audit('oidc_refused', 'vault')).rows[0]!.details).toMatchObject({
      via: 'a device code',
      reason: 'You have not been granted access to this app.',
    });
    // The code is spent: entering it again says so.
    const again = await submitDevicePage(ctx, mira, {
      xsrf: xsrfOf((await openDevicePage(ctx, mira)).page.body),
      user_code: device.user_code,
    });
    expect(again.body).toContain('This code was already used');
  });

  it('signs the player in through SWCombine first, and brings the code along', async () => {
    const device = await codeFor();
    const jar = new CookieJar();
    const first = await browse(ctx, jar, `/device?user_code=${device.user_code}`);
    const toSwc = new URL(first.headers.location!);
    expect(toSwc.origin).toBe(new URL(ctx.simulatorUrl).origin);
    const back = await browse(ctx, jar, await approveAtSimulator(toSwc.href, '1:100003'));
    // The portal's own code page, with the code filled in and a script of this origin that sends it on at once
    // (not the library's unstyled page that posts itself).
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('<h1>Connect a device</h1>');
    expect(back.body).toContain(`value="${device.user_code}"`);
    expect(back.body).toContain(`<form method="post" action="${PUBLIC_URL}/device" data-send-at-once>`);
    expect(back.body).toContain('<script src="/oidc/device-send.js" defer></script>');
    expect(back.body).not.toContain('Submitting Callback');
    expect(jar.cookies.get('portal_session')).toBeTruthy();
    const script = await ctx.app.inject({ method: 'GET', url: '/oidc/device-send.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('form[data-send-at-once]');
    // What the script sends: the code and the page's form secret, answered with Allow or Deny.
    const confirm = await submitDevicePage(ctx, jar, { xsrf: xsrfOf(back.body), user_code: device.user_code });
    expect(confirm.body).toContain(`<code>${device.user_code}</code>`);
  });

  it('refuses codes that are wrong, used, expired or hostile with a page saying why, never a 500', async () => {
    // A session may enter 10 codes a minute (rate-limits.test.ts): these are typed in two sessions of their own.
    const typist = async () => new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
    let jar = await typist();
    let { xsrf } = await openDevicePage(ctx, jar);
    // Each page has a form secret of its own: the next code is sent from the page that answered.
    const says = async (userCode: string, words: string) => {
      const res = await submitDevicePage(ctx, jar, { xsrf, user_code: userCode });
      expect(res.statusCode, userCode).toBeLessThan(500);
      expect(res.body, userCode).toContain(words);
      xsrf = xsrfOf(res.body);
    };
    await says('BCDF-GHJK', 'No device is waiting for this code');
    await says('', 'Enter the code your device shows');
    for (const hostile of ['\u0000', 'x'.repeat(5000), "'; DROP TABLE users; --", '<script>alert(1)</script>', '\ud800', 'é'.repeat(50)])
      await says(hostile, 'No device is waiting for this code');

    jar = await typist();
    xsrf = (await openDevicePage(ctx, jar)).xsrf;
    await says('BCDF-GHJK', 'No device is waiting for this code');
    const stale = await submitDevicePage(ctx, jar, { xsrf: 'a-secret-of-another-page', user_code: 'BCDF-GHJK' });
    expect(stale.body).toContain('This page was out of date. Enter the code again.');
    xsrf = xsrfOf(stale.body);

    const used = await codeFor();
    await answerDevice(ctx, jar, used.user_code, 'confirm');
    xsrf = (await openDevicePage(ctx, jar)).xsrf;
    await says(used.user_code, 'This code was already used');

    const expired = await codeFor();
    await ctx.deps.db.query(
      "UPDATE oidc_payloads SET payload = jsonb_set(payload, '{exp}', to_jsonb(1)) WHERE model = 'DeviceCode' AND payload ->> 'userCode' = $1",
      [expired.user_code.replace('-', '')],
    );
    await says(expired.user_code, 'This code has expired');
    expect((await poll(ctx, expired.device_code, { client_id: 'bot' })).json().error).toBe('expired_token');
  });

  it('ends a device allowed in a session that then ends, before the device polled: Sign out everywhere else from another session', async () => {
    const a = new CookieJar({ portal_session: (await signIn(ctx, '1:100002')).cookie });
    const b = (await signIn(ctx, '1:100002')).cookie;
    const device = await codeFor();
    expect((await answerDevice(ctx, a, device.user_code, 'confirm')).done.body).toContain('<h1>Device connected</h1>');
    const out = await ctx.app.inject({ method: 'DELETE', url: '/api/me/sessions', cookies: { portal_session: b } });
    expect(out.json().ended).toBeGreaterThanOrEqual(1);
    const polled = await poll(ctx, device.device_code, { client_id: 'bot' });
    expect(polled.statusCode).toBe(400);
    expect(polled.json().error).toBe('invalid_grant');
    expect(polled.json().refresh_token).toBeUndefined();
  });

  it('answers slow_down to a device that polls sooner than its interval, 5 seconds longer each time (RFC 8628 §3.5)', async () => {
    const device = await codeFor();
    const pollNow = () => poll(ctx, device.device_code, { client_id: 'bot' });
    expect((await pollNow()).json().error).toBe('authorization_pending');
    const fast = await pollNow();
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toEqual({
      error: 'slow_down',
      error_description: 'Too soon: poll this device code at most every 10 seconds.',
    });
    ctx.clock.advance(5_000);
    expect((await pollNow()).json()).toMatchObject({ error: 'slow_down', error_description: expect.stringContaining('every 15 seconds') });
    ctx.clock.advance(15_000);
    expect((await pollNow()).json().error).toBe('authorization_pending');
    ctx.clock.advance(15_000);
    expect((await pollNow()).json().error).toBe('authorization_pending');
  });

  it('refuses a device code to an app not allowed the device flow (unauthorized_client) and to an unknown client', async () => {
    const wiki = await askForCode(ctx, { client_id: 'wiki', scope: 'openid' });
    expect(wiki.statusCode).toBe(400);
    expect(wiki.json()).toEqual({
      error: 'unauthorized_client',
      error_description: `Wiki may not use the grant type ${DEVICE}: an admin can allow it on the app's Sign-in settings.`,
    });
    const unknown = await askForCode(ctx, { client_id: 'nobody' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('invalid_client');
    const wrongSecret = await askForCode(ctx, { scope: 'openid' }, { authorization: basic('bot', 'guess') });
    expect(wrongSecret.json().error).toBe('invalid_client');
    expect(wrongSecret.headers['www-authenticate']).toMatch(/^Basic /);
    // Polling with another client's device code gets nothing.
    const device = await codeFor();
    expect((await poll(ctx, device.device_code, { client_id: 'vault' })).json().error).toBe('invalid_grant');
  });
});
