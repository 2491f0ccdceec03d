// Time to first contentful paint of /login in headless Chromium against the started product
// (embedded default). Run after `npm run build -w web`: npx tsx bench/login-fcp.ts [runs]
import { launchBrowser, newPage } from '../e2e/helpers/browser.ts';
import { startProduct } from '../e2e/helpers/start-product.ts';

const runs = Number(process.argv[2] ?? 15);
const product = await startProduct(Number(process.env.BENCH_PORT ?? 3950));
const browser = await launchBrowser();
try {
  const samples: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const { context, page } = await newPage(browser); // a fresh context: a cold cache each time
    await page.goto(`${product.baseUrl}/login`, { waitUntil: 'networkidle' });
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    if (i > 0) samples.push(fcp); // the first run warms the server
    await context.close();
  }
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!.toFixed(0);
  console.log(
    `/login first contentful paint over ${samples.length} cold loads: p50 ${pct(50)} ms, p95 ${pct(95)} ms, min ${samples[0]!.toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await product.stop();
}
