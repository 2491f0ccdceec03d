import type { PageCounts } from './queries/checkpoints.ts';

const number = (n: number) => n.toLocaleString('en-US');

/** `systems: 2,140 (12 new, 3 changed, 2,124 unchanged, 1 gone)`: rows read, then what changed; zero counts left out. */
export function targetSummary(target: string, counts: PageCounts, note?: string): string {
  const read = counts.new + counts.changed + counts.unchanged;
  const parts = (['new', 'changed', 'unchanged', 'gone'] as const).filter((k) => counts[k] > 0).map((k) => `${number(counts[k])} ${k}`);
  const detail = parts.length ? ` (${parts.join(', ')})` : '';
  return `${target}: ${number(read)}${detail}${note ? `; ${note}` : ''}`;
}

export const sumCounts = (all: PageCounts[]): PageCounts =>
  all.reduce(
    (s, c) => ({ new: s.new + c.new, changed: s.changed + c.changed, unchanged: s.unchanged + c.unchanged, gone: s.gone + c.gone }),
    {
      new: 0,
      changed: 0,
      unchanged: 0,
      gone: 0,
    },
  );
