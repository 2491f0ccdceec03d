// Takes the README's screenshots (docs/images/) against a product that is already running:
//   PORT=6400 MANAGEMENT_PORT=6409 SWC_SIMULATOR_PORT=6401 DATA_DIR=/tmp/readme-data npx node server/src/main.ts
//   npx node e2e/readme-screenshots.ts http://localhost:6400
// Start it on a fresh DATA_DIR: the script registers three example apps and signs both simulator characters in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, newPage } from './helpers/browser.ts';
import { EXAMPLE_APPS, seedApps } from './helpers/seed.ts';
import { signInAs } from './helpers/sign-in.ts';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const dataDir = process.argv[3] ?? process.env.DATA_DIR ?? '.data';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const images = path.join(repoRoot, 'docs/images');

await seedApps(readFileSync(path.resolve(repoRoot, dataDir, 'database-url'), 'utf8').trim(), [
  ...EXAMPLE_APPS,
  {
    key: 'planner',
    name: 'Production Planner',
    icon: '🏭',
    url: 'https://planner.example.com',
    description: 'Factory queues and raw material needs.',
    phase: 'Alpha',
    phaseColor: 'orange',
    progress: 30,
    skip_uid_whitelist: true,
  },
]);

const browser = await launchBrowser({ player: true });
try {
  // Mira signs in once, so the admin console lists a second player.
  const mira = await newPage(browser);
  await signInAs(mira.page, baseUrl, 'Mira Solan');
  await mira.context.close();

  const { page } = await newPage(browser);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, baseUrl, 'Jorin Vex');
  await page.getByText('Fleet Tracker').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(images, 'dashboard.png') });

  await page.goto(`${baseUrl}/admin/users`);
  await page.getByText('Mira Solan').first().waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(images, 'admin-users.png') });
} finally {
  await browser.close();
}
