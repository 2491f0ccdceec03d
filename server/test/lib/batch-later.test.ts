import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../src/lib/batch-later.ts';

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('work gathered and done together', () => {
  it('hands what arrives within the delay to one run, each key once', async () => {
    const runs: string[][] = [];
    const batcher = createBatcher<string>(async (items) => void runs.push(items), { delayMs: 20, max: 10 });
    batcher.add('a', 'first');
    batcher.add('b', 'second');
    batcher.add('a', 'first again');
    await until(() => runs.length > 0);
    expect(runs).toEqual([['first', 'second']]);
  });

  it('runs one batch at a time: what arrives meanwhile waits for the next, which follows it', async () => {
    const runs: string[][] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const batcher = createBatcher<string>(
      async (items) => {
        runs.push(items);
        if (runs.length === 1) await held;
      },
      { delayMs: 5, max: 10 },
    );
    batcher.add('a', 'a');
    await until(() => runs.length === 1);
    batcher.add('b', 'b');
    batcher.add('c', 'c');
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toEqual([['a']]);
    release();
    await until(() => runs.length === 2);
    expect(runs).toEqual([['a'], ['b', 'c']]);
  });

  it('refuses past its bound, and takes work again once a run has taken what waited', async () => {
    const runs: string[][] = [];
    const batcher = createBatcher<string>(async (items) => void runs.push(items), { delayMs: 10, max: 2 });
    expect(batcher.add('a', 'a')).toBe(true);
    expect(batcher.add('b', 'b')).toBe(true);
    expect(batcher.full).toBe(true);
    expect(batcher.add('c', 'c')).toBe(false);
    await until(() => runs.length === 1);
    expect(batcher.full).toBe(false);
    expect(batcher.add('c', 'c')).toBe(true);
    await until(() => runs.length === 2);
    expect(runs).toEqual([['a', 'b'], ['c']]);
  });

  it('goes on after a run that fails', async () => {
    const runs: string[][] = [];
    const batcher = createBatcher<string>(
      async (items) => {
        runs.push(items);
        if (runs.length === 1) throw new Error('the database went away');
      },
      { delayMs: 5, max: 10 },
    );
    batcher.add('a', 'a');
    await until(() => runs.length === 1);
    batcher.add('b', 'b');
    await until(() => runs.length === 2);
    expect(runs).toEqual([['a'], ['b']]);
  });
});
