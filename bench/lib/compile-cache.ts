// Node's compile cache filled as deploy/Dockerfile fills the image's (scripts/warm-compile-cache.sh), for
// benches that measure processes as the image runs them. The caller removes the folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The filled folder, for NODE_COMPILE_CACHE. */
export function warmCompileCache(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-compile-cache-'));
  const env = { ...process.env, NODE_COMPILE_CACHE: dir, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` };
  const run = spawnSync('bash', ['scripts/warm-compile-cache.sh', root], { cwd: root, env, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('scripts/warm-compile-cache.sh failed');
  return dir;
}
