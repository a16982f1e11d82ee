// Tiny deterministic helpers: the seed must produce the same rows on every run and machine.

/** 32-bit FNV-1a hash, used to derive a stable PRNG seed from an external code. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for demo-data jitter. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Random {
  next(): number;
  /** Float in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Multiplies by a factor in [1 - spread, 1 + spread]. */
  jitter(value: number, spread: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * A generator seeded from a key (usually an external code), so each entity's variations
 * stay put when other entities are added or removed from the tables.
 */
export function randomFor(key: string): Random {
  const next = mulberry32(hash32(key));
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    jitter: (value, spread) => value * (1 - spread + 2 * spread * next()),
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as never;
    },
  };
}
