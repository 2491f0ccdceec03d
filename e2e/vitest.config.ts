import { defineConfig } from 'vitest/config';

// Lanes 2 and 3 by name, chosen so the three take about as long; lane 1 runs every other file, a new one included.
const laneFiles = {
  2: [
    'app-passkey',
    'crash-restart',
    'delegated-groups',
    'discord-follows-game',
    'faction-access',
    'network-drop',
    'passkeys',
    'sync-list-first',
  ],
  3: [
    'account',
    'admin-activity',
    'admin-console',
    'admin-groups',
    'admin-sync',
    'discord-simulator',
    'portal',
    'production-tree',
    'replicas',
    'sync-kill',
  ],
};
const specs = (names: string[]) => names.map((name) => `${name}.spec.ts`);

// Three lanes, each one file at a time, which the test command runs side by side in three processes (`--project`):
// most of a browser test is waiting (for an end date, a sweep, a restart), so the machine has room for more than one.
// (One process with more workers still ran them one after the other.) The lanes share nothing: each has its own global
// product, and lane N's ports start 500 × (N - 1) above lane 1's (every file counts its fixed ports from E2E_PORT).
const firstPort = Number(process.env.E2E_PORT ?? 3900);
const lane = (n: 1 | 2 | 3, files: { include: string[]; exclude?: string[] }) => ({
  extends: true,
  test: {
    name: `lane ${n}`,
    ...files,
    globalSetup: ['helpers/global-setup.ts'],
    fileParallelism: false,
    env: { E2E_PORT: String(firstPort + 500 * (n - 1)) },
  },
});

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // One module graph per lane, as the server's and the web app's tests do: a fresh one per file imported Playwright
    // and the helpers again each time. Each file still starts its own browser and holds its state in its own module.
    isolate: false,
    hookTimeout: 120_000,
    // What a page shows after a click may take more than Vitest's default second while the other lanes keep the two
    // cores busy (a passkey's ceremony did, once in four runs).
    expect: { poll: { timeout: 10_000 } },
    projects: [
      lane(1, { include: ['**/*.spec.ts'], exclude: specs([...laneFiles[2], ...laneFiles[3]]) }),
      lane(2, { include: specs(laneFiles[2]) }),
      lane(3, { include: specs(laneFiles[3]) }),
    ],
  },
});
