// Page loads in headless Chromium each with a cold cache, the way the browser benches time a screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage } from '../../e2e/helpers/browser.ts';
import { percentile } from './report.ts';

/**
 * `runs` loads, each in a fresh browser context (an empty cache), after one more that only warms
 * the server; answers what `load` measured of each counted load.
 */
export async function coldLoads<T>(
  browser: Browser,
  runs: number,
  load: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const { context, page } = await newPage(browser);
    try {
      const result = await load(page, context);
      if (i > 0) results.push(result);
    } finally {
      await context.close();
    }
  }
  return results;
}

/** `p50 … ms, p95 … ms, min … ms` of samples in ms, and the p50. */
export function spreadOf(samples: number[]): { p50: number; text: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  return { p50, text: `p50 ${p50.toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms` };
}
