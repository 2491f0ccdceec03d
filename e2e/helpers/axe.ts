import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The part of axe-core's result we report. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

declare global {
  interface Window {
    axe?: {
      run(
        context: Document,
        options: { resultTypes: string[] },
      ): Promise<{
        violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
      }>;
    };
  }
}

/**
 * The product's Content-Security-Policy (script-src 'self') rightly refuses the inline script tag
 * that page.addScriptTag would add, so axe is evaluated through the DevTools protocol, which CSP
 * does not govern; the page under test keeps its real policy. One session per page, kept until the
 * page closes: when a session detaches, Chromium turns the page's virtual authenticator off (the
 * passkey tests' WebAuthn environment), whichever session enabled it.
 */
const sessions = new WeakMap<Page, Promise<CDPSession>>();

async function injectAxe(page: Page): Promise<void> {
  let cdp = sessions.get(page);
  if (!cdp) sessions.set(page, (cdp = page.context().newCDPSession(page)));
  const { exceptionDetails } = await (await cdp).send('Runtime.evaluate', { expression: axeSource });
  if (exceptionDetails) throw new Error(`axe-core could not be loaded: ${exceptionDetails.text}`);
}

async function violationsAt(page: Page, width: number): Promise<Violation[]> {
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
  if (!(await page.evaluate(() => Boolean(window.axe)))) await injectAxe(page);
  return page.evaluate(async () => {
    // Half-faded menus and modals would be measured mid-transition; wait for every finite animation (spinners run forever).
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    const result = await window.axe!.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.map(String).join(' ')} [${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}]`),
    }));
  });
}

/**
 * Runs axe-core on the page as it is now (one screen in one state) at phone and desktop width and
 * fails listing every violation, whatever its impact (minor to critical): rule id, what it asks for, and where.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  const original = page.viewportSize();
  const found: string[] = [];
  for (const width of [375, 1280]) {
    let violations = await violationsAt(page, width);
    // A resize re-lays the page out (a modal's list may still be loading): only what persists counts.
    if (violations.length > 0) {
      await page.waitForTimeout(500);
      violations = await violationsAt(page, width);
    }
    for (const v of violations) found.push(`${width}px ${v.impact ?? 'unrated'} ${v.id} (${v.help}): ${v.nodes.join('; ')}`);
  }
  if (original) await page.setViewportSize(original);
  expect(found, `axe-core found violations on ${state}`).toEqual([]);
}

/**
 * The same with the list of a Select, MultiSelect or Combobox open (its options shown, after `search` is typed when
 * given): Mantine draws that list apart from its field, so an open list is a state of its own. The phone width axe
 * also measures may lay the screen out afresh, so the list is opened again after, for the caller to pick from.
 */
export async function expectAccessibleWithListOpen(page: Page, field: Locator, state: string, search?: string): Promise<void> {
  const open = async () => {
    await field.click();
    if (search !== undefined) await field.fill(search);
    await page
      .getByRole('listbox')
      .filter({ has: page.getByRole('option') })
      .first()
      .waitFor();
  };
  await open();
  await expectAccessible(page, `${state}, with a list open`);
  if (!(await page.getByRole('option').first().isVisible())) await open();
}
