import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  BUCKET_NAMES,
  createDiscordSimulator,
  seededConnection,
  seededRoleIds,
  seededUserIds,
  type DiscordSimulatorOptions,
} from '../src/index.ts';

export const REDIRECT = 'http://localhost:3000/auth/discord/callback';
export const { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, botToken: BOT_TOKEN, guildId: GUILD } = seededConnection;
export const API = '/api/v10';

export const USERS = {
  kessa: seededUserIds['kessa.mordo']!,
  jorin: seededUserIds['jorin.vex']!,
  mira: seededUserIds['mira.solan']!,
  rorrwaak: seededUserIds['rorrwaak']!,
  talia: seededUserIds['talia.dorne']!,
  vel: seededUserIds['vel.anders']!,
  drex: seededUserIds['drex.holloway']!,
  bot: seededConnection.clientId,
};

export const ROLES = {
  booster: seededRoleIds['Server Booster']!,
  verified: seededRoleIds['Verified']!,
  empire: seededRoleIds['Galactic Empire']!,
  gws: seededRoleIds['Galactic Weapon Systems']!,
  industry: seededRoleIds['Industry']!,
  officers: seededRoleIds['Officers']!,
  otherBot: seededRoleIds['Radiant Relay']!,
  bot: seededRoleIds['SWC Portal']!,
  moderators: seededRoleIds['Moderators']!,
  admins: seededRoleIds['Admins']!,
};

export function fakeClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** Buckets and a global limit no endpoint test reaches (the rate-limit tests pass their own). */
export const ROOMY = {
  buckets: Object.fromEntries(BUCKET_NAMES.map((name) => [name, { limit: 100_000 }])),
  globalLimit: 100_000,
};

/** A simulator on a clock the test moves; its limits are out of reach unless the test sets them. */
export function setup(opts: DiscordSimulatorOptions = {}) {
  const clock = fakeClock();
  const sim = createDiscordSimulator({ now: clock.now, ...ROOMY, ...opts });
  return { app: sim.app, sim, clock };
}

export const bot = (token = BOT_TOKEN) => ({ authorization: `Bot ${token}` });
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JSON API call as a bot would make it. */
export function call(app: FastifyInstance, method: string, path: string, body?: unknown, headers: Record<string, string> = bot()) {
  return app.inject({
    method: method as 'GET',
    url: `${API}${path}`,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export function formPost(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return {
    method: 'POST' as const,
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  };
}

export function authorizeUrl(params: Record<string, string | undefined> = {}): string {
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: CLIENT_ID,
    scope: 'identify guilds.join',
    redirect_uri: REDIRECT,
    state: 'st-1',
    ...params,
  };
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(all)) if (v !== undefined) q.set(k, v);
  return `/oauth2/authorize?${q}`;
}

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** The text of every <button> on a page. */
export function buttonTexts(html: string): string[] {
  return [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) => decode(m[1]!));
}

/** The hidden fields of the authorize form. */
export function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) out[decode(m[1]!)] = decode(m[2]!);
  return out;
}

/** Loads the authorize page and presses a button (name/value) as a browser would. */
export async function press(app: FastifyInstance, url: string, button: Record<string, string>, headers: Record<string, string> = {}) {
  const page = await app.inject({ url, headers });
  if (page.statusCode !== 200) throw new Error(`authorize page answered ${page.statusCode}: ${page.body}`);
  return app.inject(formPost('/oauth2/authorize', { ...hiddenFields(page.body), ...button }, headers));
}

export function location(res: LightMyRequestResponse): URL {
  return new URL(res.headers.location as string);
}

/** Authorizes as `userId` and answers the code from the redirect. */
export async function codeFor(app: FastifyInstance, userId: string, params: Record<string, string | undefined> = {}): Promise<string> {
  const res = await press(app, authorizeUrl(params), { user_id: userId });
  const code = res.statusCode === 302 ? location(res).searchParams.get('code') : null;
  if (!code) throw new Error(`no code: ${res.statusCode} ${res.headers.location ?? res.body}`);
  return code;
}

export interface TokenAnswer {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export function tokenRequest(app: FastifyInstance, fields: Record<string, string>, basic = true, path = `${API}/oauth2/token`) {
  const headers: Record<string, string> = basic
    ? { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}` }
    : {};
  const body = basic ? fields : { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...fields };
  return app.inject(formPost(path, body, headers));
}

/** The whole link flow for `userId`: authorize, exchange the code, answer the tokens. */
export async function linkAs(app: FastifyInstance, userId: string, scope = 'identify guilds.join'): Promise<TokenAnswer> {
  const code = await codeFor(app, userId, { scope });
  const res = await tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
  if (res.statusCode !== 200) throw new Error(`token exchange answered ${res.statusCode}: ${res.body}`);
  return res.json<TokenAnswer>();
}
