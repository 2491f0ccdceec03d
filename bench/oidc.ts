// The OpenID Provider under load, beside /auth/verify in the same run: authorization code flows
// by players who already hold a portal session (authorize → code → token, PKCE, RS256 id_token),
// refresh-token rotations, and userinfo calls; beside them the same flows against the library
// alone (bench/bare-oidc-provider.ts, no portal), started here: with its in-memory storage, and
// with a minimal PostgreSQL adapter on the product's database server (the fair ceiling for a
// product that keeps its records), so the portal's share is a ratio (the three take turns, four each,
// so that the shared machine's other work falls on all of them); a node:http hello-world for
// the machine's speed; and the statements sent to PostgreSQL per flow and per refresh (and how
// many of them write), counted inside the product, the fewest of three passes of 50 of each after the timed phases.
// Keycloak's published sizing, for scale: 120 client-credential grants/s and 120 refreshes/s per vCPU.
// Usage: npm run build -w web && npx node bench/oidc.ts [seconds] [workers] [--cpu-prof]
//   BENCH_NODE_FLAGS="--max-semi-space-size=16" gives the server more node flags (after the product's own).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/helpers/free-port.ts';
import { cpuSeconds } from './lib/cpu-time.ts';
import { postgresCpuSeconds } from './lib/postgres-cpu.ts';
import { measureHelloWorld } from './lib/hello-baseline.ts';
import { formatLoad, loadVerify, type LoadResult } from './lib/load.ts';
import { startProfiledProduct } from './lib/profiled-product.ts';
import { report } from './lib/report.ts';
import { seedSessions, type SeededSession } from './lib/seed-sessions.ts';
import { analyze } from './lib/analyze.ts';
import { statementCounter, type StatementCounts } from './lib/statement-counter.ts';

const [seconds = 8, workers = 16] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const SESSIONS = 2_000;
const APPS = 10;
const GOALS = { flows: 300, refreshes: 600, userinfoRatio: 0.5, ofMinimalPostgres: 0.8, flowStatements: 6, refreshStatements: 3 };
const VERIFIER = 'bench-verifier-bench-verifier-bench-verifier-0123456789';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

const profile = process.argv.includes('--cpu-prof');
// Behind TRUST_PROXY, as an ingress runs it: each browser's address is its own (the sign-in limit is per address).
// The job system's polling (pg-boss, its own schema) is not a flow's: a code flow or a refresh queues no job.
const counter = statementCounter(/\bpgboss_v\d+\b/);
const product = await startProfiledProduct(
  Number(process.env.BENCH_PORT ?? 3965),
  { TRUST_PROXY: 'true', ...counter.env },
  profile,
  counter.nodeArgs,
);
/** The library alone (bare-oidc-provider.ts): in memory, or on PostgreSQL at `databaseUrl`. */
async function startBare(databaseUrl?: string) {
  const profiled = profile ? ['--cpu-prof', `--cpu-prof-dir=${mkdtempSync(path.join(tmpdir(), 'bench-profile-bare-'))}`] : [];
  const child = spawn(process.execPath, [...profiled, new URL('./bare-oidc-provider.ts', import.meta.url).pathname], {
    env: {
      ...process.env,
      PORT: String(await freePort()),
      CLIENTS: Array.from({ length: APPS }, (_, i) => `bench-${i + 1}`).join(','),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = String((await once(child.stdout!, 'data'))[0]).trim();
  if (profile)
    console.log(
      `the library alone${databaseUrl ? ' on PostgreSQL' : ' in memory'}: CPU profile in ${profiled[1]!.slice('--cpu-prof-dir='.length)}`,
    );
  const statements = async () => ((await (await fetch(`${base}/bench/statements`)).json()) as { statements: number }).statements;
  return { child, base, statements };
}
const bareProvider = await startBare();
const pgProvider = await startBare(product.databaseUrl);
const bareBase = bareProvider.base;
const pgBase = pgProvider.base;

/**
 * A browser of one seeded player: its portal session, the cookies the provider sets, and an address
 * of its own (as the ingress forwards it): sign-ins started are limited per address.
 */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly session: SeededSession;
  readonly address: string;
  constructor(session: SeededSession, index: number) {
    this.session = session;
    this.address = `2001:db8:${(index % 65536).toString(16)}::1`;
    this.cookies.set('portal_session', session.token);
  }
  async get(url: string): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: { cookie, 'x-forwarded-for': this.address } });
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
async function codeFlow(base: string, browser: Browser, scope: string): Promise<{ access_token: string; refresh_token?: string }> {
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
    const body = await res.text();
    const location = res.headers.get('location');
    if (!location) throw new Error(`${url} answered ${res.status} without a redirect: ${body.slice(0, 300)}`);
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

async function refresh(base: string, aud: string, refreshToken: string): Promise<string> {
  const res = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: aud }),
  });
  if (res.status !== 200) throw new Error(`refresh answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { refresh_token: string }).refresh_token;
}

type Step = (worker: number, i: number) => Promise<void>;
type Rate = { perSecond: number; total: number; cpuMs: number; postgresMs: number; clientMs: number };
const TURNS = 4;

/** `workers` loops of `step` for `ms`: completions, seconds taken, and the CPU seconds of the server `pid` meanwhile. */
async function slice(
  pid: number,
  step: Step,
  ms: number,
): Promise<{ total: number; seconds: number; cpu: number; postgres: number; client: number }> {
  const cpu = cpuSeconds(pid);
  const postgres = postgresCpuSeconds();
  const client = process.cpuUsage();
  const started = performance.now();
  const until = started + ms;
  let total = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        await step(worker, i);
        total++;
      }
    }),
  );
  const { user, system } = process.cpuUsage(client);
  return {
    total,
    seconds: (performance.now() - started) / 1000,
    cpu: cpuSeconds(pid) - cpu,
    postgres: postgresCpuSeconds() - postgres,
    client: (user + system) / 1e6,
  };
}

/**
 * Each server's loop for `seconds` in all, in TURNS turns taken in rotation (A B C A B C …): the
 * machine is shared, and its other work changes from one second to the next, so the turns spread
 * it over every server instead of handing it to whichever ran at that moment. Per server:
 * completions per second, and its own CPU per completion (the bench's clients share the two
 * cores, so a rate understates the server).
 */
async function alternating<K extends string>(runs: Record<K, { pid: number; step: Step }>): Promise<Record<K, Rate>> {
  const entries = Object.entries(runs) as [K, { pid: number; step: Step }][];
  const sums = new Map(entries.map(([key]) => [key, { total: 0, seconds: 0, cpu: 0, postgres: 0, client: 0 }]));
  for (let turn = 0; turn < TURNS; turn++) {
    for (const [key, run] of entries) {
      const part = await slice(run.pid, run.step, (seconds * 1000) / TURNS);
      const sum = sums.get(key)!;
      sum.total += part.total;
      sum.seconds += part.seconds;
      sum.cpu += part.cpu;
      sum.postgres += part.postgres;
      sum.client += part.client;
    }
  }
  return Object.fromEntries(
    [...sums].map(([key, s]) => [
      key,
      {
        perSecond: s.total / s.seconds,
        total: s.total,
        cpuMs: (s.cpu * 1000) / s.total,
        postgresMs: (s.postgres * 1000) / s.total,
        clientMs: (s.client * 1000) / s.total,
      },
    ]),
  ) as Record<K, Rate>;
}

function loadUserinfo(base: string, tokens: string[]): Promise<LoadResult> {
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

/**
 * Statements sent to PostgreSQL per run of `step`: the fewest of three passes of `n` runs in turn,
 * each less what the product sends meanwhile unasked (the rate of that measured for 3 s before and
 * 3 s after the pass, their mean taken). The product's other work only adds statements, in bursts
 * that one pass may catch and another not: the fewest is the operation's own.
 */
async function perOperation(n: number, step: (i: number) => Promise<void>): Promise<StatementCounts> {
  const passes: StatementCounts[] = [];
  for (let pass = 0; pass < 3; pass++) passes.push(await onePass(n, step));
  return passes.reduce((a, b) => (b.statements < a.statements ? b : a));
}

async function onePass(n: number, step: (i: number) => Promise<void>): Promise<StatementCounts> {
  const idleFor = async (ms: number) => {
    const before = await counter.read(product.pid);
    await new Promise((r) => setTimeout(r, ms));
    const after = await counter.read(product.pid);
    return { statements: (after.statements - before.statements) / ms, writes: (after.writes - before.writes) / ms };
  };
  const idleBefore = await idleFor(3000);
  const before = await counter.read(product.pid);
  const started = performance.now();
  for (let i = 0; i < n; i++) await step(i);
  const after = await counter.read(product.pid);
  const ms = performance.now() - started;
  const idleAfter = await idleFor(3000);
  const idle = (key: 'statements' | 'writes') => ((idleBefore[key] + idleAfter[key]) / 2) * ms;
  return {
    statements: (after.statements - before.statements - idle('statements')) / n,
    writes: (after.writes - before.writes - idle('writes')) / n,
    swcRequests: (after.swcRequests - before.swcRequests) / n,
    rows: 0,
  };
}

/** The minimal adapter's statements per run of `step` (it sends nothing unasked). */
async function bareStatements(n: number, step: (i: number) => Promise<void>): Promise<number> {
  const before = await pgProvider.statements();
  for (let i = 0; i < n; i++) await step(i);
  return ((await pgProvider.statements()) - before) / n;
}

/** A count of statements as the goal reads it: whole when it is (the job polling's share rounds away). */
const shown = (n: number) => String(Number(n.toFixed(1)));

let flows: Rate, refreshes: Rate, userinfo, verify, hello, flowStatements, refreshStatements, pgFlowStatements, pgRefreshStatements;
const ceilings = {
  memory: { base: bareBase, pid: bareProvider.child.pid! },
  postgres: { base: pgBase, pid: pgProvider.child.pid! },
};
type Ceiling = keyof typeof ceilings;
const bareFlows = {} as Record<Ceiling, Rate>;
const bareRefreshes = {} as Record<Ceiling, Rate>;
const phases: Record<string, { fromMs: number; toMs: number }> = {};
try {
  // Odd apps admit every player, even ones by an access row: both ways of being admitted.
  const sessions = await seedSessions(product.databaseUrl, SESSIONS, APPS);
  const browsers = sessions.map((s, i) => new Browser(s, i));
  const bareBrowsers = { memory: sessions.map((s, i) => new Browser(s, i)), postgres: sessions.map((s, i) => new Browser(s, i)) };
  const base = product.baseUrl;
  // Each browser signs in to its app once (the provider's own session cookie, as a returning player has).
  for (let i = 0; i < 200; i++) {
    await codeFlow(base, browsers[i]!, 'openid profile');
    for (const ceiling of ['memory', 'postgres'] as const)
      await codeFlow(ceilings[ceiling].base, bareBrowsers[ceiling][i]!, 'openid profile');
  }
  // Then twice more as the timed phases run, `workers` at a time (each worker its own browsers): the connections the
  // timed phases use have sent each statement of a flow before the clock starts. PostgreSQL plans a named statement
  // afresh at its first five executions on each connection (the read ahead of the two sessions is a long one to
  // plan), a cost a server pays once per connection, not per flow.
  const warmUp = (b: string, all: Browser[]) =>
    Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        for (let i = worker; i < 200; i += workers) await codeFlow(b, all[i]!, 'openid profile roles');
      }),
    );
  for (let pass = 0; pass < 2; pass++) {
    await warmUp(base, browsers);
    for (const ceiling of ['memory', 'postgres'] as const) await warmUp(ceilings[ceiling].base, bareBrowsers[ceiling]);
  }

  // The first flows filled tables that were empty (the library's records, the audit trail, which apps each
  // session used) on the database the three servers share: timed against statistics that say so (lib/analyze.ts).
  await analyze(product.databaseUrl);
  const flowsFrom = product.elapsed();
  const flowStep = (b: string, all: Browser[]) => async (worker: number, i: number) =>
    // Each worker its own browsers: one browser never runs two flows at once (its cookies would cross).
    void (await codeFlow(b, all[(i % Math.floor(200 / workers)) * workers + worker]!, 'openid profile roles'));
  const flowRates = await alternating({
    portal: { pid: product.pid, step: flowStep(base, browsers) },
    postgres: { pid: ceilings.postgres.pid, step: flowStep(pgBase, bareBrowsers.postgres) },
    memory: { pid: ceilings.memory.pid, step: flowStep(bareBase, bareBrowsers.memory) },
  });
  ({ portal: flows, postgres: bareFlows.postgres, memory: bareFlows.memory } = flowRates);
  phases.flows = { fromMs: flowsFrom, toMs: product.elapsed() };

  const familiesOf = (b: string, all: Browser[]) =>
    Promise.all(
      all
        .slice(200, 200 + workers)
        .map(async (br) => ({ aud: br.session.aud, token: (await codeFlow(b, br, 'openid offline_access')).refresh_token! })),
    );
  const families = await familiesOf(base, browsers);
  const bareFamilies = {
    memory: await familiesOf(bareBase, bareBrowsers.memory),
    postgres: await familiesOf(pgBase, bareBrowsers.postgres),
  };
  const refreshFrom = product.elapsed();
  const rotate =
    (b: string, all: { aud: string; token: string }[]): Step =>
    async (worker) => {
      const family = all[worker]!;
      family.token = await refresh(b, family.aud, family.token);
    };
  const refreshRates = await alternating({
    portal: { pid: product.pid, step: rotate(base, families) },
    postgres: { pid: ceilings.postgres.pid, step: rotate(pgBase, bareFamilies.postgres) },
    memory: { pid: ceilings.memory.pid, step: rotate(bareBase, bareFamilies.memory) },
  });
  ({ portal: refreshes, postgres: bareRefreshes.postgres, memory: bareRefreshes.memory } = refreshRates);
  phases.refreshes = { fromMs: refreshFrom, toMs: product.elapsed() };

  // A portal session's sliding expiry is written at most once a minute (on its first request after that):
  // these 50 browsers' sessions are used once first, so the count is of a flow, not of that minute's touch.
  for (let i = 0; i < 50; i++) await codeFlow(base, browsers[i]!, 'openid profile roles');
  flowStatements = await perOperation(50, (i) => codeFlow(base, browsers[i]!, 'openid profile roles').then(() => undefined));
  const family = families[0]!;
  refreshStatements = await perOperation(50, async () => void (family.token = await refresh(base, family.aud, family.token)));
  pgFlowStatements = await bareStatements(100, (i) =>
    codeFlow(pgBase, bareBrowsers.postgres[i]!, 'openid profile roles').then(() => undefined),
  );
  const pgFamily = bareFamilies.postgres[0]!;
  pgRefreshStatements = await bareStatements(100, async () => void (pgFamily.token = await refresh(pgBase, pgFamily.aud, pgFamily.token)));
  const accessTokens: string[] = [];
  for (let i = 0; i < 200; i++) accessTokens.push((await codeFlow(base, browsers[i]!, 'openid profile roles')).access_token);
  await loadVerify(base, sessions.slice(0, 1000), { amount: 1000 }); // first touch, so the comparison is with warm verify
  verify = await loadVerify(base, sessions.slice(0, 1000), { duration: seconds });
  userinfo = await loadUserinfo(base, accessTokens);
  hello = await measureHelloWorld(seconds, sessions.slice(0, 1000));
} finally {
  bareProvider.child.kill();
  pgProvider.child.kill();
  await product.stop();
}

/** CPU a completion: the server's, PostgreSQL's meanwhile, and the bench's own clients'. */
const cpu = (r: Rate, unit: string) =>
  `CPU ${r.cpuMs.toFixed(2)} ms a ${unit}, PostgreSQL ${r.postgresMs.toFixed(2)} ms, the bench's clients ${r.clientMs.toFixed(2)} ms`;
const rate = (r: Rate, unit: string) => `${r.perSecond.toFixed(0)}/s (${cpu(r, unit)})`;
console.log(
  `OpenID Provider, ${workers} concurrent clients, ${seconds} s each phase, ${SESSIONS.toLocaleString('en')} players on ${APPS} apps`,
);
console.log(`code flows with an existing session: ${flows.perSecond.toFixed(0)}/s (${flows.total}), server ${cpu(flows, 'flow')}`);
console.log(`refresh-token rotations: ${refreshes.perSecond.toFixed(0)}/s (${refreshes.total}), server ${cpu(refreshes, 'refresh')}`);
console.log(
  `the library alone on a minimal PostgreSQL adapter (one table, one statement per adapter call, no portal): ` +
    `code flows ${rate(bareFlows.postgres, 'flow')}, refreshes ${rate(bareRefreshes.postgres, 'refresh')}; ` +
    `${shown(pgFlowStatements)} statements a code flow, ${shown(pgRefreshStatements)} a refresh`,
);
console.log(
  `the library alone in memory (no portal, no database): code flows ${rate(bareFlows.memory, 'flow')}, refreshes ${rate(bareRefreshes.memory, 'refresh')}`,
);
console.log(
  `a node:http hello-world, for the machine's speed: ${hello.rps.toFixed(0)} req/s (${hello.cpuUsPerRequest.toFixed(0)} µs CPU a request)`,
);
console.log(`statements per code flow: ${shown(flowStatements.statements)}`);
console.log(`statements per refresh: ${shown(refreshStatements.statements)}`);
console.log(
  `PostgreSQL per code flow: ${flowStatements.statements.toFixed(1)} statements, ${flowStatements.writes.toFixed(1)} of them writes; ` +
    `per refresh: ${refreshStatements.statements.toFixed(1)} statements, ${refreshStatements.writes.toFixed(1)} writes`,
);
console.log(formatLoad('/oidc/userinfo (checked live)', userinfo));
console.log(formatLoad('/auth/verify warm, same run', verify));
report({
  name: 'OIDC code flows/s with an existing session (Keycloak: 120 grants/s per vCPU)',
  figure: `${flows.perSecond.toFixed(0)} (hello-world ${hello.rps.toFixed(0)} req/s)`,
  goal: `≥ ${GOALS.flows} where hello-world reaches 50,000 req/s`,
  pass: flows.perSecond >= GOALS.flows,
});
report({
  name: 'OIDC refreshes/s (Keycloak: 120/s per vCPU)',
  figure: `${refreshes.perSecond.toFixed(0)} (hello-world ${hello.rps.toFixed(0)} req/s)`,
  goal: `≥ ${GOALS.refreshes} where hello-world reaches 50,000 req/s`,
  pass: refreshes.perSecond >= GOALS.refreshes,
});
const ofCeiling = (portal: number, ceiling: number) => `${(portal / ceiling).toFixed(2)} (${portal.toFixed(0)} vs ${ceiling.toFixed(0)}/s)`;
report({
  name: 'OIDC code flows ÷ the library on a minimal PostgreSQL adapter, same run',
  figure: ofCeiling(flows.perSecond, bareFlows.postgres.perSecond),
  goal: `≥ ${GOALS.ofMinimalPostgres}`,
  pass: flows.perSecond / bareFlows.postgres.perSecond >= GOALS.ofMinimalPostgres,
});
report({
  name: 'OIDC refreshes ÷ the library on a minimal PostgreSQL adapter, same run',
  figure: ofCeiling(refreshes.perSecond, bareRefreshes.postgres.perSecond),
  goal: `≥ ${GOALS.ofMinimalPostgres}`,
  pass: refreshes.perSecond / bareRefreshes.postgres.perSecond >= GOALS.ofMinimalPostgres,
});
report({
  name: 'OIDC code flows / refreshes ÷ the library in memory, same run',
  figure: `${ofCeiling(flows.perSecond, bareFlows.memory.perSecond)} / ${ofCeiling(refreshes.perSecond, bareRefreshes.memory.perSecond)}`,
  goal: 'none',
  pass: null,
});
report({
  name: 'PostgreSQL statements (writes) per code flow / per refresh',
  figure: `${shown(flowStatements.statements)} (${shown(flowStatements.writes)}) / ${shown(refreshStatements.statements)} (${shown(refreshStatements.writes)})`,
  goal: `≤ ${GOALS.flowStatements} / ≤ ${GOALS.refreshStatements}`,
  pass: flowStatements.statements <= GOALS.flowStatements + 0.05 && refreshStatements.statements <= GOALS.refreshStatements + 0.05,
});
const ratio = userinfo.rps / verify.rps;
report({
  name: 'userinfo ÷ /auth/verify warm',
  figure: `${ratio.toFixed(2)} (${userinfo.rps.toFixed(0)} vs ${verify.rps.toFixed(0)} req/s)`,
  goal: `≥ ${GOALS.userinfoRatio}`,
  pass: ratio >= GOALS.userinfoRatio,
});
if (profile) for (const [phase, window] of Object.entries(phases)) console.log(`${phase}:\n${product.summary(window)}`);
