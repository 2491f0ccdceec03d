// startProduct, optionally under `node --cpu-prof`: the profile is written when the product stops.
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProduct, type RunningProduct } from '../../e2e/helpers/start-product.ts';
import { summariseProfile } from './profile-summary.ts';

export interface ProfiledProduct extends RunningProduct {
  /** Milliseconds since the product was asked to start (to mark a phase for `summary`). */
  elapsed(): number;
  /** After stop(): the top self-time functions, within `window` (ms from start) if given; '' when not profiled. */
  summary(window?: { fromMs: number; toMs: number }): string;
}

/**
 * `nodeArgs`: more flags for the server's node, e.g. --trace-gc (its lines land in `output()`); then those of
 * BENCH_NODE_FLAGS (e.g. "--max-semi-space-size=16"), which come after the product's own and so win.
 */
export async function startProfiledProduct(
  port: number,
  env: Record<string, string>,
  profile: boolean,
  nodeArgs: string[] = [],
): Promise<ProfiledProduct> {
  const dir = profile ? mkdtempSync(path.join(tmpdir(), 'bench-profile-')) : null;
  const started = performance.now();
  const fromEnv = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const product = await startProduct(port, env, [...(dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []), ...nodeArgs, ...fromEnv]);
  return {
    ...product,
    elapsed: () => performance.now() - started,
    summary(window) {
      if (!dir) return '';
      // The main thread's profile is the largest (tsx's loader thread writes a small one too).
      const main = readdirSync(dir)
        .map((f) => path.join(dir, f))
        .sort((a, b) => statSync(b).size - statSync(a).size)[0];
      return main ? `CPU profile ${main}${window ? ' (one phase)' : ''}:\n${summariseProfile(main, window)}` : 'no CPU profile was written';
    },
  };
}
