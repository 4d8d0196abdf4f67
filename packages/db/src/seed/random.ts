// A small seeded pseudo-random generator (mulberry32) so the demo data come out the same on
// every run: each generated thing is seeded from its own name, so adding one report does not
// reshuffle the others.

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** Cents as a number of dollars with two decimals, between min and max dollars. */
  amount(min: number, max: number): number;
  digits(count: number): string;
};

/** FNV-1a, 32 bits. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function seededRandom(name: string): Random {
  let state = hashOf(name);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
    chance: (probability) => next() < probability,
    amount: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(''),
  };
}
