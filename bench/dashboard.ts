// The dashboard as a signed-in player feels it: from navigation start to the first app card on screen,
// in headless Chromium against the started product, each load with a cold cache. Also counts the loads
// whose header paints before the cards (in the same frame when the API answers came before the code)
// and checks that no full-screen loader shows while a session exists.
// Run after `npm run build -w web`: npx tsx bench/dashboard.ts [runs]
import { launchBrowser, newPage } from '../e2e/helpers/browser.ts';
import { seedApps } from '../e2e/helpers/seed.ts';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { percentile, report } from './lib/report.ts';
import { signInOverHttp } from './sign-in-over-http.ts';

const GOAL_P50_MS = 400;
const runs = Number(process.argv[2] ?? 15);

/**
 * Marks when things first show, as performance.now() (ms since navigation start), after the frame that
 * paints them. A string: tsx would wrap a function's inner names in helpers the page does not have.
 */
const WATCH_PAINTS = `
  const seen = (window.paints = {});
  const frames = (window.frames_ = {});
  const afterPaint = (name) =>
    requestAnimationFrame((frame) => {
      frames[name] ??= frame;
      setTimeout(() => (seen[name] ??= performance.now()));
    });
  new MutationObserver(() => {
    if (!('header' in seen) && document.querySelector('header')) afterPaint('header');
    // An app card is a link card in the content area (the loading skeletons are not links).
    if (!('card' in seen) && document.querySelector('main a.mantine-Card-root[href]')) afterPaint('card');
    // A loader outside the content area means the whole screen waits on it.
    const status = [...document.querySelectorAll('[role="status"]')].find((el) => !el.closest('main'));
    if (status && !('fullScreenLoader' in seen)) seen.fullScreenLoader = performance.now();
  }).observe(document, { childList: true, subtree: true });
`;
/** `frames_`: the frame each thing first showed in (its requestAnimationFrame time). */
type Paints = { paints: Record<string, number>; frames_: Record<string, number> };

const product = await startProduct(Number(process.env.BENCH_PORT ?? 3970));
const browser = await launchBrowser();
const samples: number[] = [];
let headerFirst = 0;
let sameFrame = 0;
let fullScreenLoaders = 0;
try {
  await seedApps(product.databaseUrl, [
    { key: 'fleet', name: 'Fleet Tracker', url: 'https://fleet.example.com', icon: '🚀', skip_uid_whitelist: true },
    { key: 'market', name: 'Market Watch', url: 'https://market.example.com', icon: '📈', skip_uid_whitelist: true },
  ]);
  const session = await signInOverHttp(product.baseUrl, '1:100002');
  for (let i = 0; i < runs + 1; i++) {
    const { context, page } = await newPage(browser); // a fresh context: a cold cache each time
    await context.addCookies([{ name: 'portal_session', value: session, url: product.baseUrl }]);
    await page.addInitScript({ content: WATCH_PAINTS });
    await page.goto(`${product.baseUrl}/dashboard`);
    await page.waitForFunction(() => 'card' in (window as unknown as Paints).paints, null, { timeout: 15_000 });
    const { paints, frames } = await page.evaluate(() => {
      const { paints, frames_ } = window as unknown as Paints;
      return { paints, frames: frames_ };
    });
    if (i > 0) {
      // the first run warms the server
      samples.push(paints.card!);
      if (frames.header! < frames.card!) headerFirst++;
      if (frames.header === frames.card) sameFrame++;
      if ('fullScreenLoader' in paints) fullScreenLoaders++;
    }
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}
samples.sort((a, b) => a - b);
const p50 = percentile(samples, 50);
console.log(
  `/dashboard, signed in: navigation start to the first app card over ${samples.length} cold loads: p50 ${p50.toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms, min ${samples[0]!.toFixed(0)} ms`,
);
console.log(
  `header painted before the cards in ${headerFirst} of ${samples.length} loads, with them in ${sameFrame}; a full-screen loader in ${fullScreenLoaders}`,
);
report({ name: '/dashboard first app card p50', figure: `${p50.toFixed(0)} ms`, goal: `< ${GOAL_P50_MS} ms`, pass: p50 < GOAL_P50_MS });
report({
  name: '/dashboard loads showing a full-screen loader',
  figure: `${fullScreenLoaders} of ${samples.length}`,
  goal: '0',
  pass: fullScreenLoaders === 0,
});
