import { launchBrowser, newPage } from '../e2e/helpers/browser.ts';
import { seedApps } from '../e2e/helpers/seed.ts';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { signInOverHttp } from './sign-in-over-http.ts';
const product = await startProduct(5112);
const browser = await launchBrowser();
try {
  await seedApps(product.databaseUrl, [
    { key: 'fleet', name: 'Fleet Tracker', url: 'https://fleet.example.com', skip_uid_whitelist: true },
  ]);
  const session = await signInOverHttp(product.baseUrl, '1:100002');
  for (let i = 0; i < 3; i++) {
    const { context, page } = await newPage(browser);
    await context.addCookies([{ name: 'portal_session', value: session, url: product.baseUrl }]);
    await page.goto(`${product.baseUrl}/dashboard`);
    await page.waitForSelector('main a.mantine-Card-root[href]');
    const t = await page.evaluate(() => ({
      res: performance
        .getEntriesByType('resource')
        .map(
          (e) =>
            `${e.startTime.toFixed(0).padStart(5)} ${(e as PerformanceResourceTiming).responseEnd.toFixed(0).padStart(5)} ${e.name.replace(location.origin, '')}`,
        ),
      nav: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      now: performance.now(),
    }));
    if (i === 2) console.log(`html ${t.nav.toFixed(0)} fcp ${t.fcp?.toFixed(0)} card-seen ${t.now.toFixed(0)}\n${t.res.join('\n')}`);
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}
