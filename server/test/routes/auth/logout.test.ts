import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../helpers/sign-in.ts';
import { createTestApp, PUBLIC_URL, type TestContext } from '../../helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

const me = (cookie: string) => ctx.app.inject({ url: '/api/me', cookies: { portal_session: cookie } });

describe('GET /auth/logout', () => {
  it('asks first: a page whose button posts the sign-out, and the session stays alive', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const res = await ctx.app.inject({ url: '/auth/logout', cookies: { portal_session: cookie }, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>Sign out?</h1>');
    expect(res.body).toContain('This signs you out of the portal and of every app you opened with it, on all your devices.');
    expect(res.body).toContain('<p class="product">Industry Alignment Management Platform</p>');
    expect(res.body).toMatch(/<form method="post" action="\/auth\/logout"><button class="btn" type="submit">Sign out<\/button>/);
    expect(res.body).toContain(`href="${PUBLIC_URL}/dashboard"`);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('is allowed to post its form under the page’s Content-Security-Policy', async () => {
    const res = await ctx.app.inject('/auth/logout');
    expect(res.headers['content-security-policy']).toMatch(/form-action 'self'/);
  });
});

describe('POST /auth/logout', () => {
  it('signs out when the confirmation page’s form posts it (urlencoded, same origin)', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      cookies: { portal_session: cookie },
      // What Chromium sends for that form under Referrer-Policy: no-referrer.
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/login`);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('accepts a non-empty form body', async () => {
    const { cookie } = await signIn(ctx, '1:100002');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      cookies: { portal_session: cookie },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=1',
    });
    expect(res.statusCode).toBe(303);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it.each([
    ['no Origin', { origin: undefined }],
    ['Origin: null', { origin: 'null' }],
    ['a foreign Origin', { origin: 'https://evil.example.net' }],
  ])('refuses %s and keeps the session', async (_label, headers) => {
    const { cookie } = await signIn(ctx, '1:100002');
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/logout', cookies: { portal_session: cookie }, headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('shows a browser the refusal as a page', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: 'https://evil.example.net', accept: 'text/html' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Request refused');
  });
});
