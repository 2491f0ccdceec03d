import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { PUBLIC_URL, type TestContext } from './test-app.ts';

/** A browser's cookies for the portal: what each answer sets, sent back on the next request. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }

  /**
   * Keeps what `res` set, dropping what it expired by `clock`: the test app's, whose time the browser shares (a
   * cookie the app set to last 7 days of its time lasts 7 days of it, whatever the machine's date).
   */
  store(res: LightMyRequestResponse, clock: { now(): Date }): void {
    const now = clock.now().getTime();
    for (const c of res.cookies) {
      const expired = c.expires !== undefined && new Date(c.expires).getTime() <= now;
      if (c.value === '' || expired || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Follows the portal's redirects as a browser would, from `url`, until an answer that is not a
 * redirect to the portal itself: answers that last response (a redirect to the app or to SWCombine,
 * or a page).
 */
export async function browse(ctx: TestContext, jar: CookieJar, url: string, max = 8): Promise<LightMyRequestResponse> {
  let next = url;
  for (let i = 0; i < max; i++) {
    const target = new URL(next, PUBLIC_URL);
    const res = await ctx.app.inject({ url: target.pathname + target.search, headers: { cookie: jar.header() } });
    jar.store(res, ctx.clock);
    const location = res.headers.location;
    if (res.statusCode < 300 || res.statusCode >= 400 || !location) return res;
    const resolved = new URL(location, target);
    if (resolved.origin !== new URL(PUBLIC_URL).origin) return res;
    next = resolved.href;
  }
  throw new Error(`more than ${max} redirects from ${url}`);
}

export function authorizeUrl(params: Record<string, string>): string {
  return `/oidc/authorize?${new URLSearchParams({ response_type: 'code', scope: 'openid', ...params })}`;
}

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** POST a form to the token, revocation or introspection endpoint, as an app's server does. */
export function postForm(ctx: TestContext, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: undefined, ...headers } as unknown as Record<string, string>,
    payload: new URLSearchParams(form).toString(),
  });
}

export const WIKI_REDIRECT = 'https://wiki.example.com/oauth/callback';

/** Runs an authorization request for the wiki in this browser; answers where the portal finally sends it. */
export async function authorize(ctx: TestContext, jar: CookieJar, params: Record<string, string> = {}) {
  const pkce = pkcePair();
  const res = await browse(
    ctx,
    jar,
    authorizeUrl({
      client_id: 'wiki',
      redirect_uri: WIKI_REDIRECT,
      state: 'st',
      nonce: 'nn',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      ...params,
    }),
  );
  const location = res.headers.location ? new URL(res.headers.location) : null;
  return { res, location, verifier: pkce.verifier, code: location?.searchParams.get('code') ?? null };
}

/** Exchanges a code from `authorize` at the token endpoint (as a public client unless `auth` is given). */
export function exchange(
  ctx: TestContext,
  code: string,
  verifier: string,
  auth: Record<string, string> = {},
  form: Record<string, string> = {},
) {
  return postForm(
    ctx,
    '/oidc/token',
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: WIKI_REDIRECT,
      code_verifier: verifier,
      ...(auth.authorization ? {} : { client_id: 'wiki' }),
      ...form,
    },
    auth,
  );
}

/** An admin's New client secret for the app: answers the secret, shown once. */
export async function createClientSecret(ctx: TestContext, adminCookie: string, appId: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/apps/${appId}/client-secret`,
    cookies: { portal_session: adminCookie },
  });
  if (res.statusCode !== 201) throw new Error(`New client secret answered ${res.statusCode}: ${res.body}`);
  return res.json<{ client_secret: string }>().client_secret;
}
