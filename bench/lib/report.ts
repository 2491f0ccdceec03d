// One line per measured figure: the figure, its goal and whether it is met. bench/all.ts collects
// them from every bench (through BENCH_RESULTS, a file each bench appends JSON lines to).
import { appendFileSync } from 'node:fs';

export interface Result {
  /** What was measured, e.g. "/auth/verify warm, ÷ hello-world". */
  name: string;
  /** The measured figure as printed, e.g. "0.64" or "212 MB". */
  figure: string;
  /** The goal as printed, e.g. "≥ 0.6". */
  goal: string;
  /** null: informative only, no goal to meet. */
  pass: boolean | null;
}

export function report(result: Result): void {
  const verdict = result.pass === null ? 'info' : result.pass ? 'PASS' : 'FAIL';
  console.log(`  → ${result.name}: ${result.figure} (goal ${result.goal}) ${verdict}`);
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(result)}\n`);
}

/** The p-th percentile (0–100) of already sorted samples. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
