// Time to first contentful paint of /login in headless Chromium against the started product
// (embedded default), each load with a cold cache, and the bytes that crossed the wire for it.
// Run after `npm run build -w web`: npx tsx bench/login-fcp.ts [runs]
import { launchBrowser, newPage } from '../e2e/helpers/browser.ts';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { percentile, report } from './lib/report.ts';

const GOAL_P50_MS = 350;
const runs = Number(process.argv[2] ?? 15);
const product = await startProduct(Number(process.env.BENCH_PORT ?? 3950));
const browser = await launchBrowser();
const samples: number[] = [];
let transferred = 0;
try {
  for (let i = 0; i < runs + 1; i++) {
    const { context, page } = await newPage(browser); // a fresh context: a cold cache each time
    await page.goto(`${product.baseUrl}/login`, { waitUntil: 'networkidle' });
    const { fcp, bytes } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      bytes: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
        (n, e) => n + (e as PerformanceResourceTiming).transferSize,
        0,
      ),
    }));
    if (i > 0) samples.push(fcp); // the first run warms the server
    transferred = bytes;
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}
samples.sort((a, b) => a - b);
const p50 = percentile(samples, 50);
console.log(
  `/login first contentful paint over ${samples.length} cold loads: p50 ${p50.toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms, min ${samples[0]!.toFixed(0)} ms`,
);
console.log(`bytes over the wire for one cold load of /login (page, scripts, styles, config): ${(transferred / 1024).toFixed(0)} kB`);
report({
  name: '/login first contentful paint p50',
  figure: `${p50.toFixed(0)} ms`,
  goal: `≤ ${GOAL_P50_MS} ms`,
  pass: p50 <= GOAL_P50_MS,
});
report({ name: '/login bytes over the wire, cold', figure: `${(transferred / 1024).toFixed(0)} kB`, goal: 'none', pass: null });
