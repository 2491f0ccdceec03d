// What the server-rendered /dashboard costs the server: the first page after start (it loads the
// render bundle), then pages per second and latency with signed-in players' cookies in turn (each
// page asks /api/me and /api/apps through the product's own routes and renders the screen), the
// server's CPU per page, and its RSS after. Usage: npm run build -w web && npx node bench/dashboard-render.ts [seconds]
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { seedApps } from '../e2e/helpers/seed.ts';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { cpuSeconds } from './lib/cpu-time.ts';
import { report } from './lib/report.ts';
import { signInOverHttp } from './sign-in-over-http.ts';

const seconds = Number(process.argv[2] ?? 10);
const CHARACTERS = ['1:100001', '1:100002', '1:100003', '1:100004'];
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const product = await startProduct(Number(process.env.BENCH_PORT ?? 3960) + 12);
try {
  await seedApps(
    product.databaseUrl,
    Array.from({ length: 6 }, (_, i) => ({
      key: `app-${i}`,
      name: `App ${i}`,
      url: `https://app-${i}.example.com`,
      icon: '🚀',
      description: 'An app every player may open.',
      skip_uid_whitelist: true,
    })),
  );
  const sessions = await Promise.all(CHARACTERS.map((uid) => signInOverHttp(product.baseUrl, uid)));
  const page = (session: string) =>
    fetch(`${product.baseUrl}/dashboard`, {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', cookie: `portal_session=${session}` },
    });

  const rssBefore = rssMb(product.pid);
  let started = performance.now();
  const first = await (await page(sessions[0]!)).text();
  const firstMs = performance.now() - started;
  if (!first.includes('id="server-render"')) throw new Error('/dashboard was not rendered on the server: is web/dist-ssr built?');

  let next = 0;
  const cpuBefore = cpuSeconds(product.pid);
  started = performance.now();
  const result = await autocannon({
    url: product.baseUrl,
    connections: 4,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: '/dashboard',
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            accept: 'text/html',
            'accept-encoding': 'gzip, deflate, br',
            cookie: `portal_session=${sessions[next++ % sessions.length]}`,
          },
        }),
      },
    ],
  });
  const cpuMsPerPage = ((cpuSeconds(product.pid) - cpuBefore) * 1000) / result.requests.total;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const stillRendered = (await (await page(sessions[1]!)).text()).includes('id="server-render"');
  const rssAfter = rssMb(product.pid);

  console.log(`first /dashboard after start (loads the render bundle): ${firstMs.toFixed(0)} ms`);
  console.log(
    `/dashboard, ${sessions.length} players in turn, 4 connections, ${seconds} s: ${result.requests.average.toFixed(0)} pages/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, server CPU ${cpuMsPerPage.toFixed(1)} ms per page ` +
      `(${(result.throughput.total / result.requests.total / 1024).toFixed(1)} kB a page, gzipped; still rendered after the run: ${stillRendered})`,
  );
  console.log(`server RSS before the first page ${rssBefore.toFixed(0)} MB, after the run ${rssAfter.toFixed(0)} MB`);
  report({ name: '/dashboard server renders per second', figure: `${result.requests.average.toFixed(0)}/s`, goal: 'none', pass: null });
  report({ name: '/dashboard server CPU per page', figure: `${cpuMsPerPage.toFixed(1)} ms`, goal: 'none', pass: null });
  // The bound the memory bench holds the server to with 10,000 sessions in use.
  report({ name: 'server RSS after rendering pages', figure: `${rssAfter.toFixed(0)} MB`, goal: '≤ 250 MB', pass: rssAfter <= 250 });
} finally {
  await product.stop();
}
