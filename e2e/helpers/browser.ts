import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/**
 * The browser tests drive Chromium's headless shell (Debian's chromium-headless-shell): the same Chromium release and
 * engine as Debian's chromium, without the full browser's own layer (profiles, extensions, sync and the rest of its
 * user interface), at about half the CPU a page: on two cores the three browser lanes are bound by that CPU
 * (docs/stack.md).
 * What a player's browser does is measured in the full browser: the benches and the README's screenshots pass
 * `{ player: true }`. `CHROMIUM_PATH` overrides either.
 */
const TEST_BROWSER = '/usr/bin/chromium-headless-shell';
const PLAYER_BROWSER = '/usr/bin/chromium';

export function launchBrowser({ player = false } = {}): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? (player ? PLAYER_BROWSER : TEST_BROWSER);
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

export async function newPage(browser: Browser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
  const page = await context.newPage();
  return { context, page };
}

/** `E2E_SCREENSHOTS=0` (CI, whose clone nobody looks into) skips every screenshot: they are for a person and assert nothing. */
const screenshotsWanted = process.env.E2E_SCREENSHOTS !== '0';

/** Saves what `page` shows as `e2e/screenshots/<file>`, unless screenshots are skipped. */
export async function saveScreenshot(page: Page, file: string, { fullPage = false } = {}): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), fullPage });
}

/**
 * Full-page screenshots at phone and desktop width, for a person to look at. A dialog covers the viewport
 * only, so with `fullPage: false` the capture is what the screen shows.
 */
export async function screenshotBoth(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!screenshotsWanted) return;
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    // A full-page capture of a scrolled page draws the sticky header where the viewport was.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await saveScreenshot(page, `${name}-${width}.png`, { fullPage });
  }
  if (original) await page.setViewportSize(original);
}
