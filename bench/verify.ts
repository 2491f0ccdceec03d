// /auth/verify requests per second and latency percentiles at 50 connections, next to a bare
// Fastify hello-world measured the same way on the same machine. Each server runs in its own
// process; the load generator (autocannon) runs in this one.
// Usage: npm run build -w web && npx tsx bench/verify.ts [seconds]
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { signInOverHttp } from './sign-in-over-http.ts';

const seconds = Number(process.argv[2] ?? 10);
const here = path.dirname(fileURLToPath(import.meta.url));

async function load(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections: 50, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections: 50, duration: seconds, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

const fmt = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  `${name.padEnd(26)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   (${r.total} requests)`;

const hello = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'hello-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
const [helloUrl] = (await once(hello.stdout!, 'data')).map(String);
const baseline = await load(helloUrl!.trim());
hello.kill();

const product = await startProduct(Number(process.env.BENCH_PORT ?? 3960));
try {
  const db = new pg.Client({ connectionString: product.databaseUrl });
  await db.connect();
  await db.query(
    `INSERT INTO apps (key, name, audience, redirect_urls, skip_uid_whitelist) VALUES ('bench', 'Bench', 'bench', ARRAY['http://localhost/'], true)`,
  );
  await db.end();
  const cookie = await signInOverHttp(product.baseUrl, '1:100002');
  const verify = await load(`${product.baseUrl}/auth/verify?aud=bench`, { cookie: `portal_session=${cookie}` });
  console.log(fmt('bare Fastify hello-world', baseline));
  console.log(fmt('/auth/verify', verify));
  console.log(`ratio /auth/verify ÷ hello-world: ${(verify.rps / baseline.rps).toFixed(2)} (goal ≥ 0.5, p99 < 5 ms)`);
} finally {
  await product.stop();
}
