// A first `all` sync at SWCombine's real budget, as a new operator meets it: the simulator at its default of
// 600 requests an hour per IP (60 kept for sign-ins), a fresh product, the admin's faction-leader binding
// connected (ships inventory), then Trigger Sync → all. Prints the requests the run spent and the minutes until
// it ended, or, when it has not ended after --max-minutes, how far it got. The bench starts the simulator
// itself (to count requests) and the product with SWC_BASE_URL pointing at it. It only uses the admin API
// that every version has, so the same file measures the code before this round in a checkout of it.
// Usage: npx node bench/sync-first-run.ts [--max-minutes=10]
import { report } from './lib/report.ts';
import { sleep, startSyncBench } from './lib/sync-bench.ts';
import { signInOverHttp } from './sign-in-over-http.ts';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const MAX_MINUTES = Number(arg('max-minutes', '10'));
const PORT = Number(process.env.BENCH_PORT ?? 4920);
const CLIENT = { clientId: 'bench-first-run', clientSecret: 'bench-first-run-secret' };
/** The goal: a new operator's first `all` is done within minutes. */
const GOAL_MINUTES = 5;

const { sim, product, base, api, connectBinding } = await startSyncBench(PORT, CLIENT);

interface Run {
  type: string;
  status: string;
  message: string | null;
  progress?: { target?: string; step?: number; steps?: number; done?: number; total?: number | null; waitingUntil?: string };
}

try {
  const admin = await signInOverHttp(base, '1:100001');
  await connectBinding(admin);
  const before = sim.stats();
  const started = performance.now();
  await api(admin, '/api/admin/radiant-mgmt/sync/all', 'POST');
  let run: Run | undefined;
  while (performance.now() - started < MAX_MINUTES * 60_000) {
    await sleep(500);
    [run] = (await api<{ runs: Run[] }>(admin, '/api/admin/radiant-mgmt/history?limit=1')).runs;
    if (run && (run.status === 'completed' || run.status === 'failed')) break;
  }
  const minutes = (performance.now() - started) / 60_000;
  const after = sim.stats();
  const requests = after.requests - before.requests;
  const ended = run?.status === 'completed' || run?.status === 'failed';

  console.log(`Simulator at its default budget (600 requests an hour per IP); the product keeps 10 % for sign-ins.`);
  if (ended) console.log(`\nfirst all ${run!.status} after ${minutes.toFixed(1)} min, ${requests} requests:\n  ${run!.message}`);
  else {
    const p = run?.progress ?? {};
    const at = `part ${p.step ?? '?'} of ${p.steps ?? '?'}, ${p.target ?? '?'} ${p.done ?? 0} of ${p.total ?? '?'}`;
    const waiting = p.waitingUntil ? `, waiting for the budget until ${p.waitingUntil}` : '';
    console.log(`\nfirst all still ${run?.status ?? 'queued'} after ${minutes.toFixed(1)} min, ${requests} requests (${at}${waiting})`);
  }
  console.log(`over-limit answers: ${after.overLimit - before.overLimit}`);
  report({
    name: 'sync: first all at the default budget, minutes until it ended',
    figure: ended ? minutes.toFixed(1) : `not ended after ${minutes.toFixed(0)}`,
    goal: `≤ ${GOAL_MINUTES}`,
    pass: ended && run!.status === 'completed' && minutes <= GOAL_MINUTES,
  });
  report({ name: 'sync: first all at the default budget, requests', figure: String(requests), goal: 'info', pass: null });
} finally {
  await product.stop();
  await sim.close();
}
