// Seeded pseudo-random numbers: the same sequence for a seed on every run (bench typos and synthetic tools, the
// local-model codec, test inputs). Here, not in bench/ or test/, because all three use it.

/** mulberry32: a tiny 32-bit PRNG; returns a function giving floats in [0, 1). */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, bound) from a PRNG made by mulberry32. */
export function randomInt(random, bound) {
  return Math.floor(random() * bound);
}
