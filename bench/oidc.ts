// The OpenID Provider under load, beside /auth/verify in the same run: authorization code flows
// by players who already hold a portal session (authorize → code → token, PKCE, RS256 id_token),
// refresh-token rotations, and userinfo calls. Keycloak's published sizing, for scale: 120
// client-credential grants/s and 120 refreshes/s per vCPU.
// Usage: npm run build -w web && npx node bench/oidc.ts [seconds] [workers]
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { cpuSeconds } from './lib/cpu-time.ts';
import { formatLoad, loadVerify, type LoadResult } from './lib/load.ts';
import { startProfiledProduct } from './lib/profiled-product.ts';
import { report } from './lib/report.ts';
import { seedSessions, type SeededSession } from './lib/seed-sessions.ts';

const [seconds = 8, workers = 16] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const SESSIONS = 2_000;
const APPS = 10;
const GOALS = { flows: 300, refreshes: 500, userinfoRatio: 0.5 };
const VERIFIER = 'bench-verifier-bench-verifier-bench-verifier-0123456789';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

const profile = process.argv.includes('--cpu-prof');
const product = await startProfiledProduct(Number(process.env.BENCH_PORT ?? 3965), {}, profile);
const base = product.baseUrl;

/** A browser of one seeded player: its portal session, and the cookies the provider sets. */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly session: SeededSession;
  constructor(session: SeededSession) {
    this.session = session;
    this.cookies.set('portal_session', session.token);
  }
  async get(url: string): Promise<Response> {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value) this.cookies.set(pair.slice(0, eq), value);
      else this.cookies.delete(pair.slice(0, eq));
    }
    return res;
  }
}

const redirectOf = (s: SeededSession) => `http://${s.aud}.localhost/`;

/** authorize → (the interaction, when the provider asks for one) → code → token. */
async function codeFlow(browser: Browser, scope: string): Promise<{ access_token: string; refresh_token?: string }> {
  const { aud } = browser.session;
  const query = new URLSearchParams({
    client_id: aud,
    response_type: 'code',
    redirect_uri: redirectOf(browser.session),
    scope,
    state: 's',
    nonce: 'n',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  });
  let url = `${base}/oidc/authorize?${query}`;
  for (let hop = 0; hop < 5; hop++) {
    const res = await browser.get(url);
    await res.arrayBuffer();
    const location = res.headers.get('location');
    if (!location) throw new Error(`authorize answered ${res.status} without a redirect`);
    const next = new URL(location, url);
    if (next.origin !== new URL(base).origin) {
      const code = next.searchParams.get('code');
      if (!code) throw new Error(`authorize came back without a code: ${next.search}`);
      const token = await fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectOf(browser.session),
          client_id: aud,
          code_verifier: VERIFIER,
        }),
      });
      if (token.status !== 200) throw new Error(`token answered ${token.status}: ${await token.text()}`);
      return (await token.json()) as { access_token: string; refresh_token?: string };
    }
    url = next.href;
  }
  throw new Error('too many redirects');
}

async function refresh(aud: string, refreshToken: string): Promise<string> {
  const res = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: aud }),
  });
  if (res.status !== 200) throw new Error(`refresh answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { refresh_token: string }).refresh_token;
}

/** `workers` loops of `step` for `seconds`; answers completions per second. */
async function during(step: (worker: number, i: number) => Promise<void>): Promise<{ perSecond: number; total: number; cpuMs: number }> {
  const cpu = cpuSeconds(product.pid);
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  let total = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        await step(worker, i);
        total++;
      }
    }),
  );
  // The server's own CPU per completion: the bench's clients share the two cores, so req/s understates the server.
  return { perSecond: total / ((performance.now() - started) / 1000), total, cpuMs: ((cpuSeconds(product.pid) - cpu) * 1000) / total };
}

function loadUserinfo(tokens: string[]): Promise<LoadResult> {
  let next = 0;
  return autocannon({
    url: base,
    connections: 50,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: '/oidc/userinfo',
          headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
        }),
      },
    ],
  }).then((r) => {
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`userinfo: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
  });
}

let flows, refreshes, userinfo, verify;
const phases: Record<string, { fromMs: number; toMs: number }> = {};
try {
  // Odd apps admit every player, even ones by an access row: both ways of being admitted.
  const sessions = await seedSessions(product.databaseUrl, SESSIONS, APPS);
  const browsers = sessions.map((s) => new Browser(s));
  // Each browser signs in to its app once (the provider's own session cookie, as a returning player has).
  for (let i = 0; i < 200; i++) await codeFlow(browsers[i]!, 'openid profile');

  const flowsFrom = product.elapsed();
  flows = await during(async (worker, i) => void (await codeFlow(browsers[(i * workers + worker) % 200]!, 'openid profile roles')));

  phases.flows = { fromMs: flowsFrom, toMs: product.elapsed() };
  const families = await Promise.all(
    browsers
      .slice(200, 200 + workers)
      .map(async (b) => ({ aud: b.session.aud, token: (await codeFlow(b, 'openid offline_access')).refresh_token! })),
  );
  const refreshFrom = product.elapsed();
  refreshes = await during(async (worker) => {
    const family = families[worker]!;
    family.token = await refresh(family.aud, family.token);
  });

  phases.refreshes = { fromMs: refreshFrom, toMs: product.elapsed() };
  const accessTokens: string[] = [];
  for (let i = 0; i < 200; i++) accessTokens.push((await codeFlow(browsers[i]!, 'openid profile roles')).access_token);
  await loadVerify(base, sessions.slice(0, 1000), { amount: 1000 }); // first touch, so the comparison is with warm verify
  verify = await loadVerify(base, sessions.slice(0, 1000), { duration: seconds });
  userinfo = await loadUserinfo(accessTokens);
} finally {
  await product.stop();
}

console.log(
  `OpenID Provider, ${workers} concurrent clients, ${seconds} s each phase, ${SESSIONS.toLocaleString('en')} players on ${APPS} apps`,
);
console.log(
  `code flows with an existing session: ${flows.perSecond.toFixed(0)}/s (${flows.total}), server CPU ${flows.cpuMs.toFixed(2)} ms a flow (PostgreSQL's not counted)`,
);
console.log(
  `refresh-token rotations: ${refreshes.perSecond.toFixed(0)}/s (${refreshes.total}), server CPU ${refreshes.cpuMs.toFixed(2)} ms a refresh`,
);
console.log(formatLoad('/oidc/userinfo (checked live)', userinfo));
console.log(formatLoad('/auth/verify warm, same run', verify));
report({
  name: 'OIDC code flows/s with an existing session (Keycloak: 120 grants/s per vCPU)',
  figure: flows.perSecond.toFixed(0),
  goal: `≥ ${GOALS.flows}`,
  pass: flows.perSecond >= GOALS.flows,
});
report({
  name: 'OIDC refreshes/s (Keycloak: 120/s per vCPU)',
  figure: refreshes.perSecond.toFixed(0),
  goal: `≥ ${GOALS.refreshes}`,
  pass: refreshes.perSecond >= GOALS.refreshes,
});
const ratio = userinfo.rps / verify.rps;
report({
  name: 'userinfo ÷ /auth/verify warm',
  figure: `${ratio.toFixed(2)} (${userinfo.rps.toFixed(0)} vs ${verify.rps.toFixed(0)} req/s)`,
  goal: `≥ ${GOALS.userinfoRatio}`,
  pass: ratio >= GOALS.userinfoRatio,
});
if (profile) for (const [phase, window] of Object.entries(phases)) console.log(`${phase}:\n${product.summary(window)}`);
