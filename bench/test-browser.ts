// The machine's CPU for what a browser test does most: a new context, a sign-in through /login and the simulator's
// page, then Your account. Chromium's headless shell (what the browser tests drive) against the full browser in its
// headless mode (what a player's page load is measured in), A B A B, each a fresh browser, with nothing else running.
// CPU is the whole machine's (/proc/stat), the product's share included, the same for both.
// Run after `npm run build -w web`: npx node bench/test-browser.ts [rounds per browser, 5]
import { launchBrowser, newPage } from '../e2e/helpers/browser.ts';
import { signInAs } from '../e2e/helpers/sign-in.ts';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { machineBusySeconds } from './lib/cpu-time.ts';
import { report } from './lib/report.ts';

const rounds = Number(process.argv[2] ?? 5);

const product = await startProduct(Number(process.env.BENCH_PORT ?? 3950));
const perRound: Record<'shell' | 'full', number[]> = { shell: [], full: [] };
try {
  for (const kind of ['shell', 'full', 'shell', 'full'] as const) {
    const before = machineBusySeconds();
    const started = performance.now();
    const browser = await launchBrowser({ player: kind === 'full' });
    try {
      for (let i = 0; i < rounds; i++) {
        const { context, page } = await newPage(browser);
        await signInAs(page, product.baseUrl, 'Mira Solan');
        await page.goto(`${product.baseUrl}/account`, { waitUntil: 'networkidle' });
        await context.close();
      }
    } finally {
      await browser.close();
    }
    const cpu = (machineBusySeconds() - before) / rounds;
    perRound[kind].push(cpu);
    console.log(
      `${kind === 'shell' ? 'headless shell' : 'full browser  '}: ${cpu.toFixed(2)} s of CPU a round, ${((performance.now() - started) / rounds / 1000).toFixed(2)} s a round (${rounds} rounds, the launch included)`,
    );
  }
} finally {
  await product.stop();
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ratio = mean(perRound.shell) / mean(perRound.full);
report({ name: 'browser test round: CPU in the headless shell ÷ in the full browser', figure: ratio.toFixed(2), goal: 'none', pass: null });
