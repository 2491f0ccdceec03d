// The dashboard as a signed-in player feels it: from navigation start to the first app card on screen,
// in headless Chromium against the started product, each load with a cold cache. Also counts the loads
// whose header paints before the cards (in the same frame when the API answers came before the code)
// and checks that no full-screen loader shows while a session exists.
// Run after `npm run build -w web`: npx node bench/dashboard.ts [runs]
import { launchBrowser } from '../e2e/helpers/browser.ts';
import { seedApps } from '../e2e/helpers/seed.ts';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { coldLoads, spreadOf } from './lib/cold-loads.ts';
import { report } from './lib/report.ts';
import { signInOverHttp } from './sign-in-over-http.ts';

const GOAL_P50_MS = 250;
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
const browser = await launchBrowser({ player: true });
let loads: { paints: Record<string, number>; frames: Record<string, number> }[];
try {
  await seedApps(product.databaseUrl, [
    { key: 'fleet', name: 'Fleet Tracker', url: 'https://fleet.example.com', icon: '🚀', skip_uid_whitelist: true },
    { key: 'market', name: 'Market Watch', url: 'https://market.example.com', icon: '📈', skip_uid_whitelist: true },
  ]);
  const session = await signInOverHttp(product.baseUrl, '1:100002');
  loads = await coldLoads(browser, runs, async (page, context) => {
    await context.addCookies([{ name: 'portal_session', value: session, url: product.baseUrl }]);
    await page.addInitScript({ content: WATCH_PAINTS });
    await page.goto(`${product.baseUrl}/dashboard`);
    await page.waitForFunction(() => 'card' in (window as unknown as Paints).paints, null, { timeout: 15_000 });
    return page.evaluate(() => {
      const { paints, frames_ } = window as unknown as Paints;
      return { paints, frames: frames_ };
    });
  });
} finally {
  await browser.close();
  await product.stop();
}
const { p50, text } = spreadOf(loads.map((l) => l.paints.card!));
const headerFirst = loads.filter(({ frames }) => frames.header! < frames.card!).length;
const sameFrame = loads.filter(({ frames }) => frames.header === frames.card).length;
const fullScreenLoaders = loads.filter(({ paints }) => 'fullScreenLoader' in paints).length;
console.log(`/dashboard, signed in: navigation start to the first app card over ${loads.length} cold loads: ${text}`);
console.log(
  `header painted before the cards in ${headerFirst} of ${loads.length} loads, with them in ${sameFrame}; a full-screen loader in ${fullScreenLoaders}`,
);
report({ name: '/dashboard first app card p50', figure: `${p50.toFixed(0)} ms`, goal: `< ${GOAL_P50_MS} ms`, pass: p50 < GOAL_P50_MS });
report({
  name: '/dashboard loads showing a full-screen loader',
  figure: `${fullScreenLoaders} of ${loads.length}`,
  goal: '0',
  pass: fullScreenLoaders === 0,
});
