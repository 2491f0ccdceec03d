// How long a stop takes: the product started as command 1 does (embedded PostgreSQL), its sign-in page served and
// a browser's spare connection open, then SIGTERM (as Kubernetes and Compose stop it) or SIGINT to its whole process
// group (Ctrl-C in its terminal); the time until the process has exited, and its exit code. The goal is the stop's
// own bound (docs/operations.md, "Stopping"): well inside the 30 s both deploy files allow.
// Usage: npm run build -w web && npx node bench/shutdown.ts [runs=3]
import { connect } from 'node:net';
import { once } from 'node:events';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { report } from './lib/report.ts';

const runs = Number(process.argv[2] ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3960);
const GOAL_MS = 25_000;

for (const how of ['SIGTERM', 'Ctrl-C'] as const) {
  const times: number[] = [];
  const codes = new Set<number | null>();
  for (let run = 0; run < runs; run++) {
    const product = await startProduct(PORT, {}, [], { ownProcessGroup: how === 'Ctrl-C' });
    await (await fetch(`${product.baseUrl}/login`)).text();
    const spare = connect(PORT, '127.0.0.1');
    await once(spare, 'connect');
    spare.on('error', () => undefined);
    const asked = performance.now();
    codes.add(await product.terminate(how));
    times.push(performance.now() - asked);
    spare.destroy();
    await product.stop(); // removes its DATA_DIR; the process has ended already
  }
  const ms = times.map((t) => t.toFixed(0)).join(', ');
  console.log(`${how}: exit ${[...codes].join('/')} after ${ms} ms`);
  report({
    name: `a stop (${how}) with a spare connection open, until the process has exited`,
    figure: `${Math.max(...times).toFixed(0)} ms at the most of ${runs}, exit code ${[...codes].join('/')}`,
    goal: `exit 0 within ${GOAL_MS / 1000} s`,
    pass: Math.max(...times) < GOAL_MS && [...codes].every((c) => c === 0),
  });
}
