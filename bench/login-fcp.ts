// Time to first contentful paint of /login in headless Chromium against the started product
// (embedded default), each load with a cold cache, and the bytes that crossed the wire for it.
// Run after `npm run build -w web`: npx node bench/login-fcp.ts [runs]
import { launchBrowser } from '../e2e/helpers/browser.ts';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { coldLoads, spreadOf } from './lib/cold-loads.ts';
import { report } from './lib/report.ts';

const GOAL_P50_MS = 250;
const runs = Number(process.argv[2] ?? 15);
const product = await startProduct(Number(process.env.BENCH_PORT ?? 3950));
const browser = await launchBrowser({ player: true });
let loads: { fcp: number; bytes: number }[];
try {
  loads = await coldLoads(browser, runs, async (page) => {
    await page.goto(`${product.baseUrl}/login`, { waitUntil: 'networkidle' });
    return page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      bytes: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
        (n, e) => n + (e as PerformanceResourceTiming).transferSize,
        0,
      ),
    }));
  });
} finally {
  await browser.close();
  await product.stop();
}
const { p50, text } = spreadOf(loads.map((l) => l.fcp));
const transferred = loads.at(-1)!.bytes;
console.log(`/login first contentful paint over ${loads.length} cold loads: ${text}`);
console.log(`bytes over the wire for one cold load of /login (page, scripts, styles, config): ${(transferred / 1024).toFixed(0)} kB`);
report({
  name: '/login first contentful paint p50',
  figure: `${p50.toFixed(0)} ms`,
  goal: `< ${GOAL_P50_MS} ms`,
  pass: p50 < GOAL_P50_MS,
});
report({ name: '/login bytes over the wire, cold', figure: `${(transferred / 1024).toFixed(0)} kB`, goal: 'none', pass: null });
