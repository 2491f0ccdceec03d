import type { LightMyRequestResponse } from 'fastify';
import { DASHBOARD, type TestContext } from './test-app.ts';

export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

/** GET /auth/login: the SWCombine authorize URL and the state cookie bound to this "browser". */
export async function startSignIn(ctx: TestContext, target = { aud: 'portal', rd: DASHBOARD }, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ url: `/auth/login?aud=${target.aud}&rd=${encodeURIComponent(target.rd)}`, headers });
  if (res.statusCode !== 302) throw new Error(`login did not redirect: ${res.statusCode} ${res.body}`);
  return { authorizeUrl: res.headers.location!, stateCookie: cookieValue(res, 'portal_login_state')! };
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1];
const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/**
 * Does what a player does on the simulator's page: submits the form of the button
 * "Sign in as {name}" (by character uid) or "Deny". Answers the callback URL SWCombine sends back.
 * `grantOnly` unticks every requested scope but these (the player grants a subset).
 */
export async function approveAtSimulator(authorizeUrl: string, choice: string, grantOnly?: string[]): Promise<string> {
  const page = await (await fetch(authorizeUrl)).text();
  const forms = [...page.matchAll(/<form[\s\S]*?<\/form>/g)].map((m) => m[0]);
  const form =
    forms.find((f) => (choice === 'deny' ? />\s*Deny\s*</.test(f) : f.includes(`value="${choice}"`))) ??
    (() => {
      throw new Error(`no form for ${choice} on the simulator page`);
    })();
  const fields = new URLSearchParams();
  for (const input of form.match(/<input[^>]*>/g) ?? []) {
    const name = attr(input, 'name');
    const value = unescape(attr(input, 'value') ?? '');
    if (name === 'granted_scope' && grantOnly && !grantOnly.includes(value.toLowerCase())) continue;
    if (name) fields.append(name, value);
  }
  const buttons = form.match(/<button[\s\S]*?<\/button>/g) ?? [];
  const button = buttons.find((b) =>
    choice === 'deny' ? />\s*Deny\s*</.test(b) : b.includes(`value="${choice}"`) || buttons.length === 1,
  );
  if (button && attr(button, 'name')) fields.append(attr(button, 'name')!, unescape(attr(button, 'value') ?? ''));
  const action = new URL(unescape(attr(form.match(/<form[^>]*>/)![0], 'action') ?? ''), authorizeUrl);
  const res = await fetch(action, { method: 'POST', body: fields, redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`the simulator did not redirect: ${res.status} ${await res.text()}`);
  return location;
}

export function finishSignIn(ctx: TestContext, callbackUrl: string, stateCookie: string, headers: Record<string, string> = {}) {
  const url = new URL(callbackUrl);
  return ctx.app.inject({ url: url.pathname + url.search, cookies: { portal_login_state: stateCookie }, headers });
}

/** The whole round trip for one character; answers the session cookie and the callback's response. */
export async function signIn(ctx: TestContext, uid: string, headers: Record<string, string> = {}, target?: { aud: string; rd: string }) {
  const { authorizeUrl, stateCookie } = await startSignIn(ctx, target, headers);
  const callback = await approveAtSimulator(authorizeUrl, uid);
  const response = await finishSignIn(ctx, callback, stateCookie, headers);
  return { response, cookie: cookieValue(response, 'portal_session')! };
}

/** The player's own Sign out, as the portal's form posts it (an empty form). */
export function signOut(ctx: TestContext, cookie: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/logout',
    cookies: { portal_session: cookie },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}
