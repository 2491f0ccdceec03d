import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: string;
  }
}

/** DATABASE_URL set → that server (each test file makes its own schema); unset → an embedded one. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    project.provide('databaseKind', 'external');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-test-pg-'));
  const db = await startEmbeddedPostgres(dir, () => undefined);
  project.provide('databaseUrl', db.url);
  project.provide('databaseKind', 'embedded');
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(db.dataDir, { recursive: true, force: true }); // outside `dir` when running as root
  };
}
