// The Radiant sync against a rate-limited SWCombine simulator: a full `all` sync and the details fill after
// it (until every detail its lists lacked is read), then a second one with nothing changed. The bench starts the simulator itself (to read its request counts: the
// product's bundled one is out of reach) and the product with SWC_BASE_URL pointing at it, signs the
// admin in, connects the faction-leader binding (ships inventory), waits for that window to end and
// triggers the sync from the admin API (one run for `all`, else one target after the other).
// Usage: npx node bench/sync.ts [--targets=all|systems,…] [--rate=300] [--window=10]
// Default: all at 300 requests / 10 s, still bound by the budget: the first run's ~3,400 requests (a detail
// call per sector, system and type) take about 2.2 minutes, the second about 15 s; about 3 minutes in all.
import { TYPE_KINDS as SIMULATOR_TYPES } from '../swc-simulator/src/world/types.ts';
import { report } from './lib/report.ts';
import { sleep, startSyncBench } from './lib/sync-bench.ts';
import { signInOverHttp } from './sign-in-over-http.ts';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const TARGETS = arg('targets', 'all').split(',');
const LIMIT = Number(arg('rate', '300'));
const WINDOW_S = Number(arg('window', '10'));
/** SWC_BUDGET_RESERVE's default: background work leaves 10 % of each window to sign-ins. */
const RESERVE = Math.ceil(LIMIT * 0.1);
const BACKGROUND_PER_WINDOW = LIMIT - RESERVE;
const PORT = Number(process.env.BENCH_PORT ?? 4900);
const CLIENT = { clientId: 'bench-sync', clientSecret: 'bench-sync-secret' };

const TYPE_KINDS = ['ships', 'vehicles', 'facilities', 'items', 'droids', 'weapons'] as const;
const CLASS_KINDS = [...TYPE_KINDS, 'stations'];
const GALAXY_KINDS = ['sectors', 'systems', 'planets', 'stations'] as const;
const ORDER = ['factions', ...GALAXY_KINDS, 'classes', ...TYPE_KINDS, 'inventory'];
const targets = TARGETS.includes('all') ? ORDER : TARGETS;

const { sim, product, base, api, connectBinding } = await startSyncBench(PORT, CLIENT, { rateLimit: LIMIT, rateWindowSeconds: WINDOW_S });

interface Run {
  type: string;
  status: string;
  message: string | null;
}

/** Triggers a run and waits for it to end. */
async function runToEnd(cookie: string, target: string): Promise<Run> {
  await api(cookie, `/api/admin/radiant-mgmt/sync/${target}`, 'POST');
  for (;;) {
    await sleep(250);
    const [latest] = (await api<{ runs: Run[] }>(cookie, '/api/admin/radiant-mgmt/history?limit=1')).runs;
    if (latest && (latest.status === 'completed' || latest.status === 'failed')) return latest;
  }
}

/** Waits until the details fill has read every detail the runs' lists lacked (the runs end on their list pages). */
async function detailsFilled(cookie: string) {
  for (;;) {
    const stats = await api<{ details: { filled: number; rows: number } | null }[]>(cookie, '/api/admin/radiant-mgmt/targets');
    if (stats.every((s) => !s.details || s.details.filled >= s.details.rows)) return;
    await sleep(250);
  }
}

/** One run for `all`, else each target after the other (the systems are stored before the planets are read), then the details. */
async function syncOnce(cookie: string) {
  const before = sim.stats();
  const started = performance.now();
  const ended: Run[] = [];
  for (const t of TARGETS.includes('all') ? ['all'] : targets) ended.push(await runToEnd(cookie, t));
  await detailsFilled(cookie);
  const after = sim.stats();
  return {
    seconds: (performance.now() - started) / 1000,
    requests: after.requests - before.requests,
    overLimit: after.overLimit - before.overLimit,
    messages: ended.map((r) => `${r.type} ${r.status}: ${r.message}`),
  };
}

/** What is stored per kind, read back through the data API (its totals). */
async function totals(cookie: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const kind of targets) out[kind] = (await api<{ total: number }>(cookie, `/api/data/${kind}?limit=1`)).total;
  return out;
}

const isGalaxyKind = (kind: string): kind is (typeof GALAXY_KINDS)[number] => (GALAXY_KINDS as readonly string[]).includes(kind);
const isTypeKind = (kind: string): kind is (typeof TYPE_KINDS)[number] => (TYPE_KINDS as readonly string[]).includes(kind);

/**
 * The detail calls a correct first sync of `kind` needs, from the simulator's data: one per sector, system and
 * type; a planet or station only when no system detail read before it lists it.
 */
function neededDetails(kind: string): number {
  const g = sim.galaxy;
  if (kind === 'sectors' || kind === 'systems') return g.catalogue(kind).all.length;
  if (kind === 'planets' || kind === 'stations') {
    const rows: readonly { systemUid: string }[] = kind === 'planets' ? g.planets.all : g.stations.all;
    const systemsFirst = targets.includes('systems') && targets.indexOf('systems') < targets.indexOf(kind);
    // The detail of the system a row lies in lists it, once that system is stored.
    return rows.filter((row) => !systemsFirst || !g.systems.get(row.systemUid)).length;
  }
  return isTypeKind(kind) ? SIMULATOR_TYPES[kind].count : 0;
}

/**
 * The fewest requests for a sync: every list page at its maximum size, plus (first run) the detail calls it needs.
 * Galaxy and type lists are counted from the simulator's data; factions and inventory from the rows stored.
 */
function minimumRequests(stored: Record<string, number>, firstRun: boolean): number {
  const pages = (n: number, size: number) => Math.max(1, Math.ceil(n / size));
  let sum = 0;
  for (const kind of targets) {
    if (kind === 'classes')
      sum += CLASS_KINDS.length; // every kind has fewer than 50 classes
    else if (kind === 'inventory')
      sum += pages(stored[kind]!, 200); // the binding opens ships only
    else {
      const rows = isGalaxyKind(kind)
        ? sim.galaxy.catalogue(kind).all.length
        : isTypeKind(kind)
          ? SIMULATOR_TYPES[kind].count
          : stored[kind]!;
      sum += pages(rows, 50) + (firstRun ? neededDetails(kind) : 0);
    }
  }
  return sum;
}

/** The budget lets background work send BACKGROUND_PER_WINDOW requests per window; the first window opens at the first. */
const lowerBoundSeconds = (requests: number) => (Math.ceil(requests / BACKGROUND_PER_WINDOW) - 1) * WINDOW_S;

try {
  const admin = await signInOverHttp(base, '1:100001');
  if (targets.includes('inventory')) await connectBinding(admin);
  await sleep((WINDOW_S + 1) * 1000); // the sync starts in a fresh window, as the lower bound assumes

  const first = await syncOnce(admin);
  const stored = await totals(admin);
  const rows = Object.values(stored).reduce((s, n) => s + n, 0);
  const min1 = minimumRequests(stored, true);
  const second = await syncOnce(admin);
  const min2 = minimumRequests(stored, false);

  console.log(`Targets: ${targets.join(', ')}; simulator ${LIMIT} requests / ${WINDOW_S} s, ${RESERVE} kept for sign-ins`);
  for (const [name, run, min] of [
    ['first run', first, min1],
    ['second run (nothing changed)', second, min2],
  ] as const) {
    console.log(
      `\n${name}: ${run.requests} requests (minimum ${min}), ${run.seconds.toFixed(1)} s (lower bound ${lowerBoundSeconds(min)} s), ` +
        `${run.overLimit} over-limit answers`,
    );
    for (const m of run.messages) console.log(`  ${m}`);
  }
  console.log(`\nStored: ${rows.toLocaleString('en-US')} rows (${JSON.stringify(stored)})`);

  const bound1 = lowerBoundSeconds(min1);
  report({
    name: 'sync: requests ÷ minimum (full)',
    figure: (first.requests / min1).toFixed(3),
    goal: '≤ 1.05',
    pass: first.requests <= 1.05 * min1,
  });
  report({
    name: 'sync: elapsed ÷ budget lower bound (full)',
    figure: `${(first.seconds / Math.max(bound1, 1)).toFixed(2)} (${first.seconds.toFixed(0)} s / ${bound1} s)`,
    goal: '≤ 1.15',
    pass: first.seconds <= 1.15 * Math.max(bound1, 1),
  });
  report({
    name: 'sync: over-limit answers',
    figure: String(first.overLimit + second.overLimit),
    goal: '0',
    pass: first.overLimit + second.overLimit === 0,
  });
  report({ name: 'sync: rows stored per second (full)', figure: (rows / first.seconds).toFixed(0), goal: 'info', pass: null });
  report({
    name: 'sync: second run, nothing changed: requests',
    figure: `${second.requests} (list pages ${min2})`,
    goal: `= list pages`,
    pass: second.requests <= min2,
  });
} finally {
  await product.stop();
  await sim.close();
}
