import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createSimulator, type SimulatorClient, type SimulatorOptions } from '../src/index.ts';

export const REDIRECT = 'http://localhost:3000/auth/callback';
export const CLIENT: SimulatorClient = { clientId: 'portal', clientSecret: 'portal-secret', redirectUris: [REDIRECT], name: 'Test Portal' };
export const OTHER: SimulatorClient = {
  clientId: 'other-app',
  clientSecret: 'other-secret',
  redirectUris: ['http://other.test/cb'],
  name: 'Other App',
};

export const JORIN = '1:100001';
export const MIRA = '1:100002';

export function fakeClock(start = Date.UTC(2025, 0, 15, 12, 0, 0)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

export function setup(opts: Partial<SimulatorOptions> = {}) {
  const clock = fakeClock();
  const sim = createSimulator({ clients: [CLIENT, OTHER], now: clock.now, ...opts });
  return { app: sim.app, sim, clock };
}

export function authUrl(params: Record<string, string | undefined> = {}): string {
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT,
    state: 'st-123',
    scope: 'character_auth character_read',
    access_type: 'online',
    ...params,
  };
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(all)) if (v !== undefined) q.set(k, v);
  return `/ws/oauth2/auth/?${q}`;
}

export function formPost(url: string, fields: Record<string, string> | [string, string][], headers: Record<string, string> = {}) {
  return {
    method: 'POST' as const,
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  };
}

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** The text of every <button> on the page a player sees (not those hidden from assistive technology). */
export function buttonTexts(html: string): string[] {
  return [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)]
    .filter((m) => !m[1]!.includes('aria-hidden="true"'))
    .map((m) => decode(m[2]!));
}

/** The hidden fields of the consent form. */
export function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) out[decode(m[1]!)] = decode(m[2]!);
  return out;
}

/** The scope checkboxes of the consent form: value → ticked. */
export function scopeCheckboxes(html: string): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const m of html.matchAll(/<input type="checkbox" name="granted_scope" value="([^"]*)"( checked)?>/g)) out[decode(m[1]!)] = !!m[2];
  return out;
}

/**
 * Loads the consent page and clicks a button (name/value), as a browser would: hidden fields and
 * ticked checkboxes are sent; `untick` clears some checkboxes first.
 */
export async function clickOnConsent(
  app: FastifyInstance,
  url: string,
  button: Record<string, string>,
  untick: string[] = [],
): Promise<LightMyRequestResponse> {
  const pageRes = await app.inject({ url });
  if (pageRes.statusCode !== 200) throw new Error(`consent page answered ${pageRes.statusCode}`);
  const ticked = Object.entries(scopeCheckboxes(pageRes.body)).filter(([scope, on]) => on && !untick.includes(scope));
  const fields: [string, string][] = [
    ...Object.entries(hiddenFields(pageRes.body)),
    ...ticked.map(([scope]): [string, string] => ['granted_scope', scope]),
    ...Object.entries(button),
  ];
  return app.inject(formPost('/ws/oauth2/auth/', fields));
}

/** Signs in as `uid` (granting all but `untick`) and returns the authorization code from the redirect. */
export async function approve(
  app: FastifyInstance,
  uid: string,
  params: Record<string, string | undefined> = {},
  untick: string[] = [],
): Promise<string> {
  const res = await clickOnConsent(app, authUrl(params), { character: uid }, untick);
  if (res.statusCode !== 302) throw new Error(`approve answered ${res.statusCode}: ${res.body}`);
  const code = new URL(res.headers.location as string).searchParams.get('code');
  if (!code) throw new Error(`no code in ${res.headers.location}`);
  return code;
}

export function exchange(app: FastifyInstance, code: string, fields: Record<string, string> = {}) {
  return app.inject(
    formPost('/ws/oauth2/token/', {
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      redirect_uri: REDIRECT,
      ...fields,
    }),
  );
}

export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

/** The whole flow: consent as `uid` (granting all but `untick`), exchange the code, return the token answer. */
export async function signIn(
  app: FastifyInstance,
  uid: string,
  params: Record<string, string | undefined> = {},
  untick: string[] = [],
): Promise<TokenAnswer> {
  const res = await exchange(app, await approve(app, uid, params, untick));
  if (res.statusCode !== 200) throw new Error(`token exchange answered ${res.statusCode}: ${res.body}`);
  return res.json<TokenAnswer>();
}

/** A web-services answer's `swcapi` part. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the envelope's many shapes directly
export function swcapi(res: LightMyRequestResponse): any {
  return res.json<{ swcapi: unknown }>().swcapi;
}

export function wsGet(app: FastifyInstance, url: string, token?: string, headers: Record<string, string> = {}) {
  return app.inject({ url, headers: { accept: 'application/json', ...(token ? { authorization: `OAuth ${token}` } : {}), ...headers } });
}
