import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One module graph for all files: each file builds its own app, schema and simulator, so nothing is shared
    // but the code; importing the server again per file cost a third of the run.
    isolate: false,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the files mostly wait
    // (on PostgreSQL, timers, child processes) and a second worker halved the run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
