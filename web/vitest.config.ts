import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import { browserBuild } from './vite.config.ts';

// Tests that watch a screen's code being fetched need a module graph nobody loaded before them.
const needsFreshModules = ['src/app/router.test.tsx'];

export default mergeConfig(
  browserBuild,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      testTimeout: 15_000,
      // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which left a core idle.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
            exclude: needsFreshModules,
            // One module graph for all files: importing Mantine and the screens again per file cost more than the tests.
            isolate: false,
          },
        },
        { extends: true, test: { name: 'web-fresh-modules', include: needsFreshModules } },
      ],
    },
  }),
);
