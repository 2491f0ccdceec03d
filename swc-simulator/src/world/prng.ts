/** mulberry32: a tiny, fast, seedable PRNG; the same seed always yields the same sequence. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from a string (FNV-1a), so each row or faction can have its own stream. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const ONSETS = ['K', 'T', 'V', 'D', 'S', 'M', 'R', 'B', 'Z', 'N', 'C', 'Th', 'Dr', 'Kr', 'Tr', 'Qu', 'Y', 'L', 'G', 'H'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'aa', 'ia', 'ou', 'y'];
const CODAS = ['', '', 'n', 'r', 's', 'th', 'l', 'k', 'x', 'm', 'nd', 'rk'];

/** A pronounceable made-up word of 2–3 syllables, capitalised. */
export function word(r: Random): string {
  const syllables = r.int(2, 3);
  let out = '';
  for (let i = 0; i < syllables; i++) out += r.pick(ONSETS) + r.pick(VOWELS) + (i === syllables - 1 ? r.pick(CODAS) : '');
  return out.charAt(0).toUpperCase() + out.slice(1).toLowerCase();
}

const NUMERALS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

export function numeral(n: number): string {
  return NUMERALS[n - 1] ?? String(n);
}
