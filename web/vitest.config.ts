import { defineConfig, mergeConfig } from 'vitest/config';
import { browserBuild } from './vite.config.ts';

export default mergeConfig(
  browserBuild,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      testTimeout: 15_000,
    },
  }),
);
